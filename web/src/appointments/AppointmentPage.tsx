import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type FullCalendar from '@fullcalendar/react';
import { useCallback, useRef, useState } from 'react';
import { AppointmentCalendar } from './AppointmentCalendar';
import { AppointmentDetailsModal } from './AppointmentDetailsModal';
import { AppointmentFormModal } from './AppointmentFormModal';
import { editAppointment, type Appointment } from './api';
import { emptyForm, formValuesOf, type AppointmentFormValues } from './form';
import { ProgressNoteModal } from './ProgressNoteModal';
import { formatInZone, practiceToday, timezoneAbbreviation } from './time';
import { usePracticeCalendar } from './usePracticeCalendar';
import { toApiError } from '../settings/graphql';
import { reportApiError, useBanners } from '../shell/banners';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

type Dialog =
  | { kind: 'create'; values: AppointmentFormValues }
  | { kind: 'edit'; appointment: Appointment }
  | { kind: 'details'; appointment: Appointment }
  | { kind: 'note'; appointment: Appointment }
  | null;

/** /app/appointment: the practice calendar (spec part 2 §2.1, issue #7). */
export default function AppointmentPage() {
  const practice = usePracticeCalendar();
  const banners = useBanners();
  const { t, tm, locale } = useI18n();
  const calendar = useRef<FullCalendar>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { zone } = practice;

  const reload = () => calendar.current?.getApi().refetchEvents();
  const onLoadFailed = useCallback((error: unknown) => reportApiError(error), []);

  const onMove = useCallback(
    (appointment: Appointment, start: string, revert: () => void) => {
      editAppointment(appointment.id, appointment.version, 'THIS', { start }).then(
        () => {
          // The moment in practice time, its weekday in the page's language.
          banners.show('success', t('appointments.page.moved', { when: formatInZone(start, zone, languageTag(locale)) }));
          calendar.current?.getApi().refetchEvents();
        },
        (caught: unknown) => {
          revert();
          const error = toApiError(caught);
          if (error.errorType === 'ValidationError' || error.errorType === 'ConflictError') banners.show('error', tm(error.message) || t('appointments.page.notMoved'));
          else reportApiError(caught);
        },
      );
    },
    [banners, zone, locale, t, tm],
  );

  const onSaved = (saved: Appointment[], created: boolean) => {
    setDialog(null);
    banners.show('success', t(created ? 'appointments.page.created' : 'appointments.page.saved', { count: saved.length }));
    reload();
  };

  const newAt = (date: string, time: string | null) => setDialog({ kind: 'create', values: emptyForm(date, time ?? '09:00') });

  return (
    <SpaceBetween size="l">
      <Header
        variant="h1"
        description={t('appointments.page.timeZone', { zone, abbreviation: timezoneAbbreviation(zone) })}
        actions={
          practice.canCreate && (
            <Button variant="primary" disabled={practice.status !== 'ready'} onClick={() => newAt(practiceToday(zone), null)}>
              {t('appointments.page.new')}
            </Button>
          )
        }
      >
        {t('appointments.page.title')}
      </Header>
      {practice.status === 'failed' && (
        <Alert type="error" header={t('appointments.page.settingsFailed')}>
          {t('appointments.page.reload')}
        </Alert>
      )}
      <Container>
        {practice.status === 'loading' ? (
          <Spinner size="large" />
        ) : (
          <AppointmentCalendar
            ref={calendar}
            zone={zone}
            meId={practice.meId}
            onSlot={practice.canCreate && practice.status === 'ready' ? newAt : null}
            onOpen={(appointment) => setDialog({ kind: 'details', appointment })}
            onMove={onMove}
            onLoadFailed={onLoadFailed}
          />
        )}
      </Container>
      {dialog?.kind === 'create' && (
        <AppointmentFormModal
          zone={zone}
          locations={practice.locations}
          clinicians={practice.clinicians}
          canBookForOthers={practice.canBookForOthers}
          meId={practice.meId}
          appointment={null}
          initial={dialog.values}
          onDismiss={() => setDialog(null)}
          onSaved={(saved) => onSaved(saved, true)}
        />
      )}
      {dialog?.kind === 'edit' && (
        <AppointmentFormModal
          zone={zone}
          locations={practice.locations}
          clinicians={practice.clinicians}
          canBookForOthers={practice.canBookForOthers}
          meId={practice.meId}
          appointment={dialog.appointment}
          initial={formValuesOf(dialog.appointment, zone)}
          onDismiss={() => setDialog(null)}
          onSaved={(saved) => onSaved(saved, false)}
        />
      )}
      {dialog?.kind === 'details' && (
        <AppointmentDetailsModal
          appointment={dialog.appointment}
          zone={zone}
          meId={practice.meId}
          onDismiss={() => setDialog(null)}
          onEdit={(appointment) => setDialog({ kind: 'edit', appointment })}
          onOpenNote={(appointment) => setDialog({ kind: 'note', appointment })}
          onChanged={(message) => {
            setDialog(null);
            banners.show('success', message);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'note' && (
        <ProgressNoteModal
          appointment={dialog.appointment}
          zone={zone}
          canWrite={!dialog.appointment.readOnly && dialog.appointment.clinicianId === practice.meId}
          onDismiss={() => setDialog(null)}
          onSaved={() => reload()}
        />
      )}
    </SpaceBetween>
  );
}
