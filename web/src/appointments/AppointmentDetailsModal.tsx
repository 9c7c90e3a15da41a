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
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../domain/messages';
import { SystemErrorAlert } from '../clients/SystemErrorAlert';
import { toApiError, type ApiError } from '../settings/graphql';
import { cancelAppointment, getAppointment, setAppointmentStatus, type Appointment, type AppointmentStatus, type EditScope } from './api';
import { APPOINTMENT_MESSAGES } from './messages';
import { recurrenceText, STATUS_LABEL } from './status';
import { formatInZone } from './time';

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
 * client's public link to copy.
 */
export function AppointmentDetailsModal({ appointment: initial, zone, meId, onDismiss, onEdit, onOpenNote, onChanged }: AppointmentDetailsModalProps) {
  const navigate = useNavigate();
  const [appointment, setAppointment] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | ApiError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [scope, setScope] = useState<EditScope>('THIS');
  const [copied, setCopied] = useState(false);
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
        setNotice(latest ? APPOINTMENT_MESSAGES.conflict : APPOINTMENT_MESSAGES.notFound);
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
      return `The appointment was marked ${STATUS_LABEL[saved.status].toLowerCase()}.`;
    });

  const cancel = () =>
    run('cancel', async () => {
      const cancelled = await cancelAppointment(a.id, a.version, scope);
      const late = cancelled.some((c) => c.status === 'LATE_CANCELLED');
      const what = cancelled.length > 1 ? `${cancelled.length} appointments were cancelled` : 'The appointment was cancelled';
      return late ? `${what} (late cancellation).` : `${what}.`;
    });

  const copy = async () => {
    if (!clientLink) return;
    try {
      await navigator.clipboard.writeText(clientLink);
      setCopied(true);
    } catch {
      setCopied(false);
      setFailure('The link could not be copied: select it and copy it by hand.');
    }
  };

  const canWrite = !a.readOnly;
  const footer = (
    <Box float="right">
      <SpaceBetween direction="horizontal" size="xs">
        {((canWrite && a.clinicianId === meId) || a.progressNoteId) && open && (
          <Button onClick={() => onOpenNote(a)}>Progress note</Button>
        )}
        {canWrite && a.status === 'SCHEDULED' && (
          <>
            <Button onClick={() => onEdit(a)}>Edit</Button>
            <Button onClick={() => void mark('ATTENDED', 'attended')} loading={busy === 'attended'}>
              Mark attended
            </Button>
            <Button onClick={() => void mark('NO_SHOW', 'noshow')} loading={busy === 'noshow'}>
              No-show
            </Button>
            <Button onClick={() => setCancelling(true)}>Cancel appointment</Button>
          </>
        )}
        {canWrite && (a.status === 'ATTENDED' || a.status === 'NO_SHOW') && (
          <Button onClick={() => void mark('SCHEDULED', 'reopen')} loading={busy === 'reopen'}>
            Back to upcoming
          </Button>
        )}
        <Button variant="primary" onClick={onDismiss}>
          Close
        </Button>
      </SpaceBetween>
    </Box>
  );

  return (
    <Modal visible size="large" onDismiss={onDismiss} header={`Appointment with ${a.clientName}`} footer={footer}>
      <SpaceBetween size="l">
        {notice && <Alert type="warning">{notice}</Alert>}
        {failure && <SystemErrorAlert detail={failure} onDismiss={() => setFailure(null)} />}
        {a.readOnly && <Alert type="info">You can view this appointment but not change it.</Alert>}
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Client', value: a.clientName },
            { label: 'Clinician', value: a.clinicianName ?? '-' },
            { label: 'Service', value: a.serviceCode },
            { label: 'When', value: formatInZone(a.start, zone) },
            { label: 'Duration', value: `${a.durationMinutes} minutes` },
            { label: 'Location', value: a.locationType === 'TELEHEALTH' ? 'Telehealth (video)' : (a.locationName ?? 'Office') },
            { label: 'Repeats', value: recurrenceText(a.recurrence) ?? 'Does not repeat' },
            { label: 'Status', value: <StatusIndicator type={STATUS_TYPE[a.status]}>{STATUS_LABEL[a.status]}</StatusIndicator> },
            { label: 'Reminder', value: a.sendEmailReminder ? 'Sent before the appointment' : 'None' },
          ]}
        />
        {a.locationType === 'TELEHEALTH' && a.videoRoomId && (
          <SpaceBetween size="s">
            {!a.readOnly && (
              <Button iconName="video-on" onClick={() => navigate(`/video/${a.videoRoomId}`)}>
                Start video
              </Button>
            )}
            {clientLink && (
              <FormField label="Client's video link" description="Send this to the client: they join without signing in." stretch>
                <ColumnLayout columns={2}>
                  <Input value={clientLink} readOnly ariaLabel="Client's video link" />
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <Button iconName="copy" onClick={() => void copy()}>
                      Copy
                    </Button>
                    {copied && <StatusIndicator type="success">{MESSAGES.linkCopied}</StatusIndicator>}
                  </SpaceBetween>
                </ColumnLayout>
              </FormField>
            )}
          </SpaceBetween>
        )}
        {cancelling && (
          <Alert
            type="warning"
            header="Cancel this appointment?"
            action={
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setCancelling(false)}>Keep it</Button>
                <Button variant="primary" loading={busy === 'cancel'} onClick={() => void cancel()}>
                  Confirm cancellation
                </Button>
              </SpaceBetween>
            }
          >
            {a.seriesId ? (
              <RadioGroup
                value={scope}
                onChange={({ detail }) => setScope(detail.value === 'SERIES' ? 'SERIES' : 'THIS')}
                ariaLabel="What to cancel"
                items={[
                  { value: 'THIS', label: 'This appointment only' },
                  { value: 'SERIES', label: 'This and the later appointments of the series' },
                ]}
              />
            ) : (
              'Cancelling within the practice’s cancellation window counts as a late cancellation.'
            )}
          </Alert>
        )}
      </SpaceBetween>
    </Modal>
  );
}
