import { useEffect, useState } from 'react';
import { clientAppointments, type ClientAppointment } from '../api';
import { usePortalI18n } from '../i18n';
import { Notice } from '../parts/form';
import { useClientSelf } from '../self';
import { isCancelled, joinLink, upcoming } from './appointments';

type Load = { status: 'loading' } | { status: 'ready'; items: ClientAppointment[] } | { status: 'failed' };

function AppointmentItem({ appointment }: { appointment: ClientAppointment }) {
  const { t, formatDateTime } = usePortalI18n();
  const join = joinLink(appointment, window.location.origin);
  return (
    <li className="cp-appointment">
      <p className="cp-when">{formatDateTime(appointment.startTime)}</p>
      <p>
        {appointment.clinicianName ? t('clientPortal.home.withClinician', { clinician: appointment.clinicianName, practice: appointment.practiceName }) : appointment.practiceName}
      </p>
      <p className="cp-muted">
        {isCancelled(appointment)
          ? t('clientPortal.home.cancelled')
          : appointment.locationType === 'TELEHEALTH'
            ? t('clientPortal.home.telehealth')
            : t('clientPortal.home.inPerson')}
      </p>
      {join && (
        <a className="cp-button cp-primary" href={join} aria-label={t('clientPortal.home.joinAt', { when: formatDateTime(appointment.startTime) })}>
          {t('clientPortal.home.join')}
        </a>
      )}
    </li>
  );
}

/** Home: the practice's greeting and the client's upcoming appointments, with Join for telehealth. */
export default function HomePage() {
  const { t } = usePortalI18n();
  const { load: selfLoad } = useClientSelf();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    clientAppointments().then(
      (items) => live && setLoad({ status: 'ready', items: upcoming(items) }),
      () => live && setLoad({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  const self = selfLoad.status === 'ready' ? selfLoad.self : null;
  const first = self?.practices[0];
  return (
    <>
      <h1>{first?.firstName ? t('clientPortal.home.helloName', { name: first.firstName }) : t('clientPortal.home.hello')}</h1>
      {self?.practices.map((practice) =>
        practice.greeting ? (
          <p key={practice.practiceId} className="cp-greeting">
            {practice.greeting}
          </p>
        ) : null,
      )}
      <section aria-labelledby="cp-upcoming">
        <h2 id="cp-upcoming">{t('clientPortal.home.upcoming')}</h2>
        {load.status === 'loading' && <p role="status">{t('clientPortal.loading')}</p>}
        {load.status === 'failed' && <Notice kind="error">{t('clientPortal.loadFailed')}</Notice>}
        {load.status === 'ready' && load.items.length === 0 && <p>{t('clientPortal.home.none')}</p>}
        {load.status === 'ready' && load.items.length > 0 && (
          <ul className="cp-list">
            {load.items.map((appointment) => (
              <AppointmentItem key={appointment.id} appointment={appointment} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
