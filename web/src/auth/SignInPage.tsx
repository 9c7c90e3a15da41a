import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import CloudscapeLink from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { resendSignUpCode } from 'aws-amplify/auth';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from './AuthContext';
import { SessionSpinner } from './SessionSpinner';
import { forgetIdleLogoff, idleLogoffMessage, wasLoggedOffForIdle } from './idleLogoff';
import { normalizeEmail } from './validation';
import { takeCredentials, type Credentials } from '../signup/handoff';
import type { SessionUser } from './identity';
import { MESSAGES } from '../../../domain/messages';
import { forgetOrigin, redirectTarget } from './redirect';
import type { SignInStep } from './sign-in-steps';
import { CodeStep } from './steps/CodeStep';
import { CredentialsStep } from './steps/CredentialsStep';
import { MfaSelectionStep } from './steps/MfaSelectionStep';
import { NewPasswordStep } from './steps/NewPasswordStep';
import { TotpSetupStep } from './steps/TotpSetupStep';
import { SmsSetupStep } from './steps/SmsSetupStep';
import { useSignInFlow, type SignInFlow } from './useSignInFlow';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { getRuntimeConfig } from '../platform/config';
import './sign-in.css';

// Rarely needed on this page: their own chunks keep the sign-in page light.
const ForgotPassword = lazy(() => import('./ForgotPassword').then((m) => ({ default: m.ForgotPassword })));
const ConfirmEmailModal = lazy(() => import('../signup/ConfirmEmailModal').then((m) => ({ default: m.ConfirmEmailModal })));

/** Message key of each step's heading. */
const TITLES: Record<SignInStep['kind'], string> = {
  credentials: 'signin.title.credentials',
  code: 'signin.title.code',
  totpSetup: 'signin.title.totpSetup',
  mfaSelection: 'signin.title.mfaSelection',
  newPassword: 'signin.title.newPassword',
  confirmSignUp: 'signin.title.confirmSignUp',
  resetPassword: 'signin.title.resetPassword',
  done: 'signin.title.done',
  unsupported: 'signin.title.credentials',
};

interface SmsSetup {
  /** The password of this attempt: the setup routes prove it again (functions/sms-mfa-setup). */
  credentials: Credentials | null;
  active: boolean;
  setActive(active: boolean): void;
}

function StepBody({ flow, onCredentials, sms }: { flow: SignInFlow; onCredentials(email: string, password: string): void; sms: SmsSetup }) {
  const { step, busy, error, restart } = flow;
  if (step.kind === 'totpSetup' && sms.active && sms.credentials) {
    return (
      <SmsSetupStep
        email={sms.credentials.email}
        password={sms.credentials.password}
        onEnrolled={() => {
          sms.setActive(false);
          void flow.finishMfaSetup();
        }}
        onBack={() => sms.setActive(false)}
      />
    );
  }
  switch (step.kind) {
    case 'credentials':
      return <CredentialsStep busy={busy} error={error} onSubmit={onCredentials} />;
    case 'code':
      return <CodeStep {...step} busy={busy} error={error} onSubmit={flow.submitCode} onBack={restart} />;
    case 'totpSetup':
      return <TotpSetupStep {...step} busy={busy} error={error} onSubmit={flow.submitCode} onBack={restart} onUseSms={sms.credentials ? () => sms.setActive(true) : undefined} />;
    case 'mfaSelection':
      return <MfaSelectionStep options={step.options} busy={busy} error={error} onSubmit={flow.chooseMfa} onBack={restart} />;
    case 'newPassword':
      return <NewPasswordStep busy={busy} error={error} onSubmit={flow.submitNewPassword} onBack={restart} />;
    case 'done':
      return <SessionSpinner />;
    default:
      return <Dead step={step} onBack={restart} />;
  }
}

/** Steps the console cannot finish here yet: say so plainly and offer the way back. */
function Dead({ step, onBack }: { step: SignInStep; onBack(): void }) {
  const { t, tm } = useI18n();
  const text =
    step.kind === 'confirmSignUp'
      ? t('signin.dead.confirmSignUp')
      : step.kind === 'resetPassword'
        ? t('signin.dead.resetPassword')
        : tm(MESSAGES.defaultError);
  return (
    <SpaceBetween size="l">
      <Alert type={step.kind === 'unsupported' ? 'error' : 'info'}>{text}</Alert>
      <Button onClick={onBack}>{t('signin.backToSignIn')}</Button>
    </SpaceBetween>
  );
}

export default function SignInPage() {
  const auth = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { siteName } = getRuntimeConfig();
  const { t, tm } = useI18n();

  const onDone = useCallback(
    (user: SessionUser) => {
      const target = redirectTarget(location.state);
      forgetOrigin();
      auth.signedIn(user);
      void navigate(target, { replace: true });
    },
    [auth, location.state, navigate],
  );
  const flow = useSignInFlow(onDone);
  const [forgot, setForgot] = useState(false);
  const [pageNotice, setPageNotice] = useState<string | null>(null);
  const [smsSetup, setSmsSetup] = useState(false);
  // The credentials of this attempt, in memory: an unconfirmed user confirms and continues with them.
  const credentials = useRef<Credentials | null>(null);
  const { submitCredentials } = flow;
  const submit = useCallback(
    (email: string, password: string) => {
      credentials.current = { email: normalizeEmail(email), password };
      setPageNotice(null);
      forgetIdleLogoff();
      void submitCredentials(email, password);
    },
    [submitCredentials],
  );

  // Automatic sign-in after sign-up: the wizard handed the credentials over in memory.
  const ready = auth.status !== 'loading';
  useEffect(() => {
    if (!ready) return;
    const handed = takeCredentials();
    if (handed) submit(handed.email, handed.password);
  }, [ready, submit]);

  // Spec part 1 §4.5: an unconfirmed user gets the Confirm Email modal and the code is resent.
  const unconfirmed = flow.step.kind === 'confirmSignUp' && credentials.current !== null;
  useEffect(() => {
    if (unconfirmed && credentials.current) void resendSignUpCode({ username: credentials.current.email }).catch(() => undefined);
  }, [unconfirmed]);

  if (auth.status === 'loading') return <SessionSpinner />;
  // Already signed in (and not in the middle of this page's own flow): go on.
  if (auth.status === 'signedIn' && flow.step.kind === 'credentials') {
    return <Navigate to={redirectTarget(location.state)} replace />;
  }

  return (
    <main className="signin-page">
      <div className="signin-language">
        <LanguageSelect />
      </div>
      <Box textAlign="center" margin={{ bottom: 'l' }}>
        <Link to="/" className="signin-brand">
          {siteName}
        </Link>
        <Box color="text-body-secondary">{t('public.tagline', { siteName })}</Box>
      </Box>
      <Container header={<Header variant="h1">{t(forgot ? TITLES.resetPassword : smsSetup && flow.step.kind === 'totpSetup' ? 'signin.title.smsSetup' : TITLES[flow.step.kind])}</Header>}>
        <SpaceBetween size="l">
          {wasLoggedOffForIdle() && !forgot && flow.step.kind === 'credentials' && (
            <Alert type="info">{idleLogoffMessage(t, getRuntimeConfig().idleTimeoutMinutes)}</Alert>
          )}
          {flow.notice && <Alert type="success">{tm(flow.notice)}</Alert>}
          {pageNotice && <Alert type="success">{tm(pageNotice)}</Alert>}
          {forgot ? (
            <Suspense fallback={<SessionSpinner />}>
              <ForgotPassword
                onDone={(message) => {
                  setForgot(false);
                  setPageNotice(message);
                }}
                onCancel={() => setForgot(false)}
              />
            </Suspense>
          ) : unconfirmed ? (
            <SessionSpinner />
          ) : (
            <StepBody flow={flow} onCredentials={submit} sms={{ credentials: credentials.current, active: smsSetup, setActive: setSmsSetup }} />
          )}
        </SpaceBetween>
      </Container>
      {unconfirmed && credentials.current && (
        <Suspense fallback={null}>
          <ConfirmEmailModal
            email={credentials.current.email}
            onVerified={() => submit(credentials.current!.email, credentials.current!.password)}
            onDismiss={flow.restart}
          />
        </Suspense>
      )}
      {flow.step.kind === 'credentials' && !forgot && (
        <Box textAlign="center" margin={{ top: 'm' }}>
          <CloudscapeLink href="#" onFollow={(event) => { event.preventDefault(); setPageNotice(null); setForgot(true); }}>
            {t('signin.forgotPassword')}
          </CloudscapeLink>
        </Box>
      )}
      {flow.step.kind === 'credentials' && !forgot && (
        <Box textAlign="center" margin={{ top: 'l' }}>
          {t('signin.newTo', { siteName })}{' '}
          <CloudscapeLink
            href="/signup"
            onFollow={(event) => {
              event.preventDefault();
              void navigate('/signup');
            }}
          >
            {t('signin.signUpNow')}
          </CloudscapeLink>
        </Box>
      )}
    </main>
  );
}
