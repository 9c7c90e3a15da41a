import Box from '@cloudscape-design/components/box';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { handOffCredentials } from './handoff';
import { SignupWizard } from './SignupWizard';
import { useSignup } from './useSignup';
import { useT } from '../i18n/I18nProvider';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { getRuntimeConfig } from '../platform/config';
import '../auth/sign-in.css';
import '../i18n/pages/signup';

// Shown after the wizard: their own chunks keep the first load of /signup light.
const ConfirmEmailModal = lazy(() => import('./ConfirmEmailModal').then((m) => ({ default: m.ConfirmEmailModal })));
const UserExistsModal = lazy(() => import('./UserExistsModal').then((m) => ({ default: m.UserExistsModal })));
const SignupDone = lazy(() => import('./SignupDone').then((m) => ({ default: m.SignupDone })));

/**
 * /signup: the clinician sign-up wizard (spec part 1 §2, §4). `?personalInfo=true` opens the
 * personal-information step, which is where the wizard always begins.
 */
export default function SignUpPage() {
  const state = useSignup();
  const navigate = useNavigate();
  const { siteName } = getRuntimeConfig();
  const t = useT();

  // Automatic sign-in: the credentials go to /signin in memory only (signup/handoff.ts).
  const login = useCallback(() => {
    handOffCredentials({ email: state.email, password: state.form.password });
    void navigate('/signin');
  }, [navigate, state.email, state.form.password]);

  return (
    <main style={{ boxSizing: 'border-box', maxWidth: 1000, margin: '0 auto', padding: '48px 16px' }}>
      <div className="signin-language">
        <LanguageSelect />
      </div>
      <Box textAlign="center" margin={{ bottom: 'l' }}>
        <Link to="/" className="signin-brand">
          {siteName}
        </Link>
        <Box color="text-body-secondary">{t('signup.subtitle')}</Box>
      </Box>
      <Suspense fallback={null}>
        {state.outcome ? (
          <SignupDone verified={state.outcome === 'verified'} onLogin={login} />
        ) : (
          <SignupWizard state={state} onCancel={() => navigate('/')} />
        )}
        {state.modal === 'confirm' && <ConfirmEmailModal email={state.email} onVerified={state.confirmed} onDismiss={state.confirmLater} />}
        {state.modal === 'userExists' && <UserExistsModal busy={state.busy} onYes={state.reuseAccount} onNo={state.startOver} />}
      </Suspense>
      {!state.outcome && (
        <Box textAlign="center" margin={{ top: 'l' }}>
          {t('signup.haveAccount')} <Link to="/signin">{t('signin.submit')}</Link>
        </Box>
      )}
    </main>
  );
}
