import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { toApiError, type ApiError } from '../settings/graphql';
import { cancelAppointment, getAppointment, getServicesOffered, setAppointmentStatus, type Appointment, type AppointmentStatus, type EditScope } from './api';
import { APPOINTMENT_MESSAGES } from './messages';
import { recurrenceText, STATUS_LABEL } from './status';
import { formatInZone } from './time';
import { useAppointmentRights } from './useAppointmentRights';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

export interface AppointmentDetailsModalProps {
  appointment: Appointment;
  zone: string;
  /** The viewer: only an appointment's own clinician writes its progress note. */
  meId: string | null;
  onDismiss: () => void;
  onEdit: (appointment: Appointment) => void;
  onOpenNote: (appointment: Appointment) => void;
  /** Something changed (status, cancellation): the calendar reloads. */
  onChanged: (message: string) => void;
}

const STATUS_TYPE: Record<AppointmentStatus, 'pending' | 'success' | 'warning' | 'stopped' | 'error'> = {
  SCHEDULED: 'pending',
  ATTENDED: 'success',
  NO_SHOW: 'warning',
  CANCELLED: 'stopped',
  LATE_CANCELLED: 'error',
};

/**
 * One appointment: what, who, when (practice time), where. Its clinician (or anyone with
 * practice-wide rights) may edit, cancel (this one or the series), mark attended or no-show;
 * read-only appointments show no such buttons. Telehealth ones start the video room and show the
 * client's public link to copy. The progress note and the video room show only to those whose roles may open
 * them (useAppointmentRights: a scheduler or supervisor sees neither).
 */
export function AppointmentDetailsModal({ appointment: initial, zone, meId, onDismiss, onEdit, onOpenNote, onChanged }: AppointmentDetailsModalProps) {
  const navigate = useNavigate();
  const { t, tm, locale } = useI18n();
  const rights = useAppointmentRights();
  /** A moment in practice time, its weekday in the page's language. */
  const when = (utc: string) => formatInZone(utc, zone, languageTag(locale));
  const [appointment, setAppointment] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [scope, setScope] = useState<EditScope>('THIS');
  const [copied, setCopied] = useState(false);
  // The service's name from the practice's services (the code alone says little); the code if it cannot be read.
  const [serviceName, setServiceName] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getServicesOffered().then(
      (services) => live && setServiceName(services.find((s) => s.code === appointment.serviceCode)?.description ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [appointment.serviceCode]);
  const a = appointment;
  const open = a.status === 'SCHEDULED' || a.status === 'ATTENDED' || a.status === 'NO_SHOW';
  const clientLink = a.clientVideoPath ? `${window.location.origin}${a.clientVideoPath}` : null;

  const run = async (label: string, action: () => Promise<string>) => {
    setBusy(label);
    setFailure(null);
    setNotice(null);
    try {
      onChanged(await action());
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ConflictError') {
        const latest = await getAppointment(a.id).catch(() => null);
        if (latest) setAppointment(latest);
        setNotice(tm(latest ? APPOINTMENT_MESSAGES.conflict : APPOINTMENT_MESSAGES.notFound));
      } else {
        setFailure(error);
      }
    } finally {
      setBusy(null);
    }
  };

  const mark = (status: AppointmentStatus, label: string) =>
    run(label, async () => {
      const saved = await setAppointmentStatus(a.id, a.version, status);
      return t('appointments.details.marked', { status: saved.status });
    });

  const cancel = () =>
    run('cancel', async () => {
      const cancelled = await cancelAppointment(a.id, a.version, scope);
      const late = cancelled.some((c) => c.status === 'LATE_CANCELLED');
      return t('appointments.details.cancelled', { count: cancelled.length, late: late ? 'yes' : 'no' });
    });

  const copy = async () => {
    if (!clientLink) return;
    try {
      await navigator.clipboard.writeText(clientLink);
      setCopied(true);
    } catch {
      setCopied(false);
      setFailure(t('appointments.details.copyFailed'));
    }
  };

  const canWrite = !a.readOnly;
  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        {rights.notes && ((canWrite && a.clinicianId === meId) || a.progressNoteId) && open && (
          <Button onClick={() => onOpenNote(a)}>{t('appointments.details.note')}</Button>
        )}
        {canWrite && a.status === 'SCHEDULED' && (
          <>
            <Button onClick={() => onEdit(a)}>{t('appointments.details.edit')}</Button>
            <Button onClick={() => void mark('ATTENDED', 'attended')} loading={busy === 'attended'}>
              {t('appointments.details.markAttended')}
            </Button>
            <Button onClick={() => void mark('NO_SHOW', 'noshow')} loading={busy === 'noshow'}>
              {t('appointments.details.markNoShow')}
            </Button>
            <Button onClick={() => setCancelling(true)}>{t('appointments.details.cancel')}</Button>
          </>
        )}
        {canWrite && (a.status === 'ATTENDED' || a.status === 'NO_SHOW') && (
          <Button onClick={() => void mark('SCHEDULED', 'reopen')} loading={busy === 'reopen'}>
            {t('appointments.details.reopen')}
          </Button>
        )}
        <Button variant="primary" onClick={onDismiss}>
          {t('appointments.details.close')}
        </Button>
      </SpaceBetween>
    </Box>
  );

  return (
    <Modal visible size="large" onDismiss={onDismiss} header={t('appointments.details.title', { name: a.clientName })} footer={footer}>
      <SpaceBetween size="l">
        {notice && <Alert type="warning">{notice}</Alert>}
        {failure && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
        {a.readOnly && <Alert type="info">{t('appointments.details.readOnly')}</Alert>}
        <KeyValuePairs
          columns={3}
          items={[
            { label: t('appointments.form.client'), value: a.clientName },
            { label: t('appointments.form.clinician'), value: a.clinicianName ?? '-' },
            { label: t('appointments.form.service'), value: serviceName ? `${a.serviceCode} ${serviceName}` : a.serviceCode },
            { label: t('appointments.details.when'), value: when(a.start) },
            { label: t('appointments.details.duration'), value: t('appointments.form.minutes', { count: a.durationMinutes }) },
            { label: t('appointments.form.location'), value: a.locationType === 'TELEHEALTH' ? t('appointments.form.telehealth') : (a.locationName ?? t('appointments.form.office')) },
            { label: t('appointments.details.repeats'), value: recurrenceText(a.recurrence, t) ?? t('appointments.form.repeat.NONE') },
            { label: t('appointments.details.status'), value: <StatusIndicator type={STATUS_TYPE[a.status]}>{tm(STATUS_LABEL[a.status])}</StatusIndicator> },
            { label: t('appointments.details.reminder'), value: a.sendEmailReminder ? t('appointments.details.reminderSent') : t('appointments.details.none') },
          ]}
        />
        {a.locationType === 'TELEHEALTH' && a.videoRoomId && (
          <SpaceBetween size="s">
            {!a.readOnly && rights.video && (
              <Button iconName="video-on" onClick={() => navigate(`/video/${a.videoRoomId}`)}>
                {t('appointments.details.startVideo')}
              </Button>
            )}
            {clientLink && (
              <FormField label={t('appointments.details.clientLink')} description={t('appointments.details.clientLinkHint')} stretch>
                <ColumnLayout columns={2}>
                  <Input value={clientLink} readOnly ariaLabel={t('appointments.details.clientLink')} />
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Button iconName="copy" onClick={() => void copy()}>
                      {t('appointments.details.copy')}
                    </Button>
                    {copied && <StatusIndicator type="success">{tm(MESSAGES.linkCopied)}</StatusIndicator>}
                  </SpaceBetween>
                </ColumnLayout>
              </FormField>
            )}
          </SpaceBetween>
        )}
        {cancelling && (
          <Alert
            type="warning"
            header={t('appointments.details.cancelTitle')}
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setCancelling(false)}>{t('appointments.details.keep')}</Button>
                <Button variant="primary" loading={busy === 'cancel'} onClick={() => void cancel()}>
                  {t('appointments.details.confirmCancel')}
                </Button>
              </SpaceBetween>
            }
          >
            {a.seriesId ? (
              <RadioGroup
                value={scope}
                onChange={({ detail }) => setScope(detail.value === 'SERIES' ? 'SERIES' : 'THIS')}
                ariaLabel={t('appointments.details.whatToCancel')}
                items={[
                  { value: 'THIS', label: t('appointments.form.scopeThis') },
                  { value: 'SERIES', label: t('appointments.form.scopeSeries') },
                ]}
              />
            ) : (
              t('appointments.details.lateWarning')
            )}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
