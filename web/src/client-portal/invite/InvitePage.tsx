import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages';
import { passwordError } from '../../../../domain/signup';
import { ChallengeStep } from '../auth/ChallengeStep';
import { useClientSignIn } from '../auth/useClientSignIn';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { PORTAL_PATHS } from '../paths';
import { usePortalSession } from '../session';
import { acceptInvitation, readInvitation, tokenFromHash, type Invitation } from './api';

type Stage =
  | { kind: 'loading' }
  | { kind: 'refused'; message: string }
  | { kind: 'ready'; invitation: Invitation }
  | { kind: 'signingIn'; invitation: Invitation }
  | { kind: 'offerMfa'; invitation: Invitation };

/**
 * Accepting an invitation (`/portal/invite#<token>`): the practice's name; a new account sets its
 * password, an existing one (a companion app's) proves it; then the portal signs in and offers MFA.
 */
export default function InvitePage() {
  const { t, tm } = usePortalI18n();
  const navigate = useNavigate();
  const { refresh } = usePortalSession();
  // The token lives in the fragment (never sent to a server); read once, kept in memory.
  const token = useRef(tokenFromHash(window.location.hash));
  const [stage, setStage] = useState<Stage>(token.current ? { kind: 'loading' } : { kind: 'refused', message: 'clientPortal.invite.incomplete' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onDone = useCallback(() => {
    void refresh();
    setStage((current) => (current.kind === 'signingIn' ? { kind: 'offerMfa', invitation: current.invitation } : current));
  }, [refresh]);
  const flow = useClientSignIn(onDone);

  useEffect(() => {
    if (!token.current) return;
    let live = true;
    void readInvitation(token.current).then((outcome) => {
      if (!live) return;
      setStage(outcome.ok ? { kind: 'ready', invitation: outcome.value } : { kind: 'refused', message: outcome.message });
    });
    return () => {
      live = false;
    };
  }, []);

  // An account that answered an MFA challenge already has it: no offer, straight home.
  useEffect(() => {
    if (stage.kind === 'offerMfa' && flow.usedMfa) void navigate(PORTAL_PATHS.home, { replace: true });
  }, [flow.usedMfa, navigate, stage.kind]);

  const accept = async (invitation: Invitation) => {
    const invalid = invitation.accountExists ? (password ? null : MESSAGES.credentialsRequired) : passwordError(password, confirm);
    if (invalid) return setError(invalid);
    setBusy(true);
    setError(null);
    const outcome = await acceptInvitation(token.current!, password);
    setBusy(false);
    if (!outcome.ok) return setError(outcome.message);
    // Spent: the link leaves the address bar and the history entry.
    window.history.replaceState(window.history.state, '', PORTAL_PATHS.invite);
    token.current = null;
    setStage({ kind: 'signingIn', invitation });
    await flow.submitCredentials(outcome.value.email, password);
  };

  const practiceName = 'invitation' in stage ? stage.invitation.practiceName : null;
  return (
    <section className="cp-card" aria-labelledby="cp-invite-title">
      <h1 id="cp-invite-title">{practiceName ? t('clientPortal.invite.titleFrom', { practice: practiceName }) : t('clientPortal.invite.title')}</h1>
      {stage.kind === 'loading' && <p role="status">{t('clientPortal.loading')}</p>}
      {stage.kind === 'refused' && (
        <>
          <Notice kind="error">{stage.message.startsWith('clientPortal.') ? t(stage.message) : tm(stage.message)}</Notice>
          <p>{t('clientPortal.invite.askAgain')}</p>
          <Link to={PORTAL_PATHS.signIn}>{t('clientPortal.invite.toSignIn')}</Link>
        </>
      )}
      {stage.kind === 'ready' && (
        <Form onSubmit={() => void accept(stage.invitation)}>
          <p>{practiceName ? t('clientPortal.invite.intro', { practice: practiceName }) : t('clientPortal.invite.introNoName')}</p>
          <p>
            {t('clientPortal.field.email')}: <strong>{stage.invitation.email}</strong>
          </p>
          {stage.invitation.accountExists ? (
            <>
              <p>{t('clientPortal.invite.existing')}</p>
              <Field label={t('clientPortal.field.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} />
            </>
          ) : (
            <>
              <p>{t('clientPortal.invite.newAccount')}</p>
              <Field label={t('clientPortal.password.new')} type="password" autoComplete="new-password" value={password} onChange={setPassword} hint={tm(MESSAGES.passwordRule)} />
              <Field label={t('clientPortal.password.confirm')} type="password" autoComplete="new-password" value={confirm} onChange={setConfirm} />
            </>
          )}
          {error && <Notice kind="error">{tm(error)}</Notice>}
          <Submit busy={busy}>{stage.invitation.accountExists ? t('clientPortal.invite.acceptExisting') : t('clientPortal.invite.create')}</Submit>
        </Form>
      )}
      {stage.kind === 'signingIn' &&
        (flow.step.kind === 'credentials' ? (
          <>
            {flow.busy && <p role="status">{t('clientPortal.loading')}</p>}
            {flow.error && (
              // Accepted, but the automatic sign-in failed: the client signs in by hand.
              <>
                <Notice kind="error">{tm(flow.error)}</Notice>
                <Link to={PORTAL_PATHS.signIn} state={{ email: stage.invitation.email }}>
                  {t('clientPortal.invite.toSignIn')}
                </Link>
              </>
            )}
          </>
        ) : (
          <ChallengeStep flow={flow} />
        ))}
      {stage.kind === 'offerMfa' && !flow.usedMfa && (
        <div className="cp-form">
          <Notice kind="success">{t('clientPortal.invite.ready')}</Notice>
          <h2>{t('clientPortal.invite.mfaTitle')}</h2>
          <p>{t('clientPortal.invite.mfaOffer')}</p>
          <button type="button" className="cp-button cp-primary" onClick={() => navigate(PORTAL_PATHS.security)}>
            {t('clientPortal.invite.mfaYes')}
          </button>
          <button type="button" className="cp-button" onClick={() => navigate(PORTAL_PATHS.home)}>
            {t('clientPortal.invite.mfaLater')}
          </button>
        </div>
      )}
    </section>
  );
}
