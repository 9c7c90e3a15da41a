import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { lazy, Suspense, useEffect, useState } from 'react';
import { getAppointmentSettings, listAllAppointments, type Appointment } from '../appointments/api';
import { STATUS_LABEL } from '../appointments/status';
import { takesNote } from '../../../domain/progress-note';
import { formatInZone, practiceTimezone } from '../appointments/time';
import { useAppointmentRights } from '../appointments/useAppointmentRights';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import { useViewer } from '../shell/ViewerContext';
import '../i18n/portal-messages';

const ProgressNoteModal = lazy(() => import('../appointments/ProgressNoteModal').then((m) => ({ default: m.ProgressNoteModal })));

/** How far back and ahead the chart reads the practice's calendar: at most MAX_RANGE_DAYS (400) in one listing (see docs/decisions.md). */
const PAST_DAYS = 305;
const AHEAD_DAYS = 90;

type ChartLoad = { status: 'loading' } | { status: 'ready'; zone: string; items: Appointment[] } | { status: 'unavailable' };

/**
 * The client's appointments and progress notes so far (and the next ones), newest first: when,
 * with whom, status and the note (signed or draft), which opens read-only or, for its clinician,
 * to write. Roles or plans without appointments see no chart (the API refuses; nothing to show).
 */
export function ClientChart({ clientId }: { clientId: string }) {
  const { t, tm, locale } = useI18n();
  const viewer = useViewer();
  const meId = viewer.status === 'ready' ? viewer.me.id : null;
  // Only those the API lets read notes get a link to one (a scheduler sees whether it is written, not a failing link).
  const { notes } = useAppointmentRights();
  const [load, setLoad] = useState<ChartLoad>({ status: 'loading' });
  const [open, setOpen] = useState<Appointment | null>(null);

  useEffect(() => {
    let live = true;
    const now = Date.now();
    const from = new Date(now - PAST_DAYS * 86400000).toISOString();
    const to = new Date(now + AHEAD_DAYS * 86400000).toISOString();
    Promise.all([getAppointmentSettings(), listAllAppointments({ from, to })]).then(
      ([settings, all]) => {
        if (!live) return;
        const items = all.filter((a) => a.clientId === clientId).sort((a, b) => b.start.localeCompare(a.start));
        setLoad({ status: 'ready', zone: practiceTimezone(settings.timezone), items });
      },
      () => live && setLoad({ status: 'unavailable' }),
    );
    return () => {
      live = false;
    };
  }, [clientId]);

  if (load.status === 'unavailable') return null;
  const zone = load.status === 'ready' ? load.zone : practiceTimezone(null);
  // The weekday in the reader's language; the date and time as the practice writes them.
  const when = (utc: string) => formatInZone(utc, zone, languageTag(locale));
  const noteText = (a: Appointment) => (a.progressNoteId ? t('clients.chart.written') : t('clients.chart.none'));

  return (
    <>
      <Table
        variant="container"
        header={<Header variant="h2">{t('clients.chart.title')}</Header>}
        loading={load.status === 'loading'}
        loadingText={t('clients.chart.loading')}
        items={load.status === 'ready' ? load.items : []}
        trackBy="id"
        columnDefinitions={[
          { id: 'when', header: t('clients.chart.when'), cell: (a) => when(a.start), isRowHeader: true },
          { id: 'clinician', header: t('clients.chart.clinician'), cell: (a) => a.clinicianName ?? '-' },
          { id: 'status', header: t('clients.chart.status'), cell: (a) => tm(STATUS_LABEL[a.status] ?? a.status) },
          {
            id: 'note',
            header: t('clients.chart.note'),
            cell: (a) =>
              notes && (a.progressNoteId || (!a.readOnly && a.clinicianId === meId && takesNote(a))) ? (
                <Button variant="inline-link" ariaLabel={`${t('clients.chart.note')}: ${when(a.start)}`} onClick={() => setOpen(a)}>
                  {a.progressNoteId ? t('clients.chart.open') : t('clients.chart.write')}
                </Button>
              ) : (
                <StatusIndicator type="stopped">{noteText(a)}</StatusIndicator>
              ),
          },
        ]}
        empty={
          <Box textAlign="center" color="inherit">
            <SpaceBetween size="xs">
              <b>{t('clients.chart.empty')}</b>
            </SpaceBetween>
          </Box>
        }
        ariaLabels={{ tableLabel: t('clients.chart.title') }}
      />
      <Suspense fallback={null}>
        {open && (
          <ProgressNoteModal
            appointment={open}
            zone={zone}
            canWrite={!open.readOnly && open.clinicianId === meId}
            onDismiss={() => setOpen(null)}
            onSaved={(note) =>
              setLoad((current) =>
                current.status === 'ready' ? { ...current, items: current.items.map((a) => (a.id === open.id ? { ...a, progressNoteId: note.id } : a)) } : current,
              )
            }
          />
        )}
      </Suspense>
    </>
  );
}
