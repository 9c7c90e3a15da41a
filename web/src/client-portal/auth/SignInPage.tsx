import { useCallback, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { afterSignIn, PORTAL_PATHS } from '../paths';
import { usePortalSession } from '../session';
import { ChallengeStep } from './ChallengeStep';
import { useClientSignIn } from './useClientSignIn';

/** What another page hands the sign-in page: where to return, a notice to show (catalog key), an e-mail to fill in. */
export interface SignInState {
  from?: string;
  notice?: string;
  email?: string;
}

/** The client's sign-in: e-mail and password, then the authenticator code if they enrolled one. */
export default function SignInPage() {
  const { t, tm } = usePortalI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as SignInState;
  const { session, refresh } = usePortalSession();
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const onDone = useCallback(() => {
    void refresh().then(() => navigate(afterSignIn(state.from), { replace: true }));
  }, [navigate, refresh, state.from]);
  const flow = useClientSignIn(onDone);
  const notice = state.notice ?? (session.status === 'signedOut' ? session.notice : undefined);

  if (session.status === 'signedIn' && flow.step.kind === 'credentials' && !flow.busy) return <Navigate to={afterSignIn(state.from)} replace />;

  return (
    <section className="cp-card" aria-labelledby="cp-signin-title">
      <h1 id="cp-signin-title">{t('clientPortal.signin.title')}</h1>
      {flow.step.kind !== 'credentials' ? (
        <ChallengeStep flow={flow} />
      ) : (
        <Form onSubmit={() => void flow.submitCredentials(email, password)}>
          <p>{t('clientPortal.signin.intro')}</p>
          {notice && !flow.error && !flow.refusal && <Notice kind="success">{t(notice)}</Notice>}
          <Field label={t('clientPortal.field.email')} type="email" autoComplete="username" value={email} onChange={setEmail} />
          <Field label={t('clientPortal.field.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} />
          {flow.error && <Notice kind="error">{tm(flow.error)}</Notice>}
          {flow.refusal === 'notClient' && (
            <Notice kind="error">
              {t('clientPortal.signin.notClient')} <a href="/signin">{t('clientPortal.signin.clinicianLink')}</a>
            </Notice>
          )}
          <Submit busy={flow.busy}>{t('clientPortal.signin.submit')}</Submit>
          <Link to={PORTAL_PATHS.forgotPassword} state={{ email }}>
            {t('clientPortal.signin.forgot')}
          </Link>
        </Form>
      )}
    </section>
  );
}
