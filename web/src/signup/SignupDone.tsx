import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGES } from '../../../domain/messages';
import { useI18n } from '../i18n/I18nProvider';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import '../i18n/pages/signup';

/** The not-yet-verified thank-you in English (the catalog's source text). */
export const THANKS_NOT_VERIFIED = ENGLISH_TRANSLATOR.t('signup.done.notVerified');

/** The screen after sign-up (spec part 1 §4): verified or not-yet-verified thank-you, and Login. */
export function SignupDone({ verified, onLogin }: { verified: boolean; onLogin(): void }) {
  const { t, tm } = useI18n();
  return (
    <Container header={<Header variant="h1">{t('signup.done.title')}</Header>}>
      <SpaceBetween size="l">
        <Box variant="p">{verified ? tm(MESSAGES.signupThanksVerified) : t('signup.done.notVerified')}</Box>
        <Button variant="primary" onClick={onLogin}>
          {t('public.nav.login')}
        </Button>
      </SpaceBetween>
    </Container>
  );
}
