import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '../../../../domain/messages';
import { PREFERRED_CHANNELS } from '../../../../domain/client-link';
import { formatPhone } from '../../i18n/format';
import { editClientProfile, refusalMessage, type ClientPractice } from '../api';
import { usePortalI18n } from '../i18n';
import { Field, Form, Notice, Submit } from '../parts/form';
import { PORTAL_PATHS } from '../paths';
import { useClientSelf } from '../self';

function PracticeProfile({ practice }: { practice: ClientPractice }) {
  const { t, tm } = usePortalI18n();
  const { replacePractice } = useClientSelf();
  const [phone, setPhone] = useState(formatPhone(practice.phone) ?? '');
  const [channel, setChannel] = useState(practice.preferredChannel ?? '');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const headingId = useId();
  const name = [practice.firstName, practice.lastName].filter(Boolean).join(' ');

  const save = async () => {
    setBusy(true);
    setResult(null);
    try {
      const saved = await editClientProfile(practice.practiceId, { phone: phone.trim() || null, preferredChannel: channel || null });
      replacePractice(saved);
      setPhone(formatPhone(saved.phone) ?? '');
      setChannel(saved.preferredChannel ?? '');
      setResult({ kind: 'success', text: t('clientPortal.profile.saved') });
    } catch (error) {
      setResult({ kind: 'error', text: tm(refusalMessage(error) ?? MESSAGES.defaultError) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cp-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{practice.practiceName}</h2>
      <dl className="cp-details">
        <dt>{t('clientPortal.profile.name')}</dt>
        <dd>{name || '-'}</dd>
        <dt>{t('clientPortal.field.email')}</dt>
        <dd>{practice.email ?? '-'}</dd>
      </dl>
      <Form onSubmit={() => void save()} label={t('clientPortal.profile.contactFor', { practice: practice.practiceName })}>
        <Field label={t('clientPortal.profile.phone')} type="tel" autoComplete="tel" value={phone} onChange={setPhone} />
        <fieldset className="cp-choices">
          <legend>{t('clientPortal.profile.channel')}</legend>
          {PREFERRED_CHANNELS.map((option) => (
            <label key={option} className="cp-choice">
              <input type="radio" name={`channel-${practice.practiceId}`} value={option} checked={channel === option} onChange={() => setChannel(option)} />
              {t(`clientPortal.profile.channel.${option}`)}
            </label>
          ))}
        </fieldset>
        {result && <Notice kind={result.kind}>{result.text}</Notice>}
        <Submit busy={busy}>{t('clientPortal.profile.save')}</Submit>
      </Form>
    </section>
  );
}

/** Profile: the client's contact details and how each practice should reach them; sign-in security. */
export default function ProfilePage() {
  const { t } = usePortalI18n();
  const { load } = useClientSelf();
  return (
    <>
      <h1>{t('clientPortal.profile.title')}</h1>
      {load.status === 'loading' && <p role="status">{t('clientPortal.loading')}</p>}
      {load.status === 'ready' && (
        <>
          <p>
            {t('clientPortal.profile.account')} <strong>{load.self.email}</strong>
          </p>
          {load.self.practices.map((practice) => (
            <PracticeProfile key={practice.practiceId} practice={practice} />
          ))}
        </>
      )}
      <section className="cp-card" aria-labelledby="cp-security-heading">
        <h2 id="cp-security-heading">{t('clientPortal.security.title')}</h2>
        <p>{t('clientPortal.security.summary')}</p>
        <Link to={PORTAL_PATHS.security}>{t('clientPortal.security.manage')}</Link>
      </section>
    </>
  );
}
