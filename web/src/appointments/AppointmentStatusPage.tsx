import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useEffect, useMemo, useState } from 'react';
import { listAppointments, type Appointment, type AppointmentStatus } from './api';
import { STATUS_LABEL, STATUS_ORDER, statusRange } from './status';
import { addDays, formatInZone, isIsoDate, practiceToday, timezoneAbbreviation } from './time';
import { usePracticeCalendar } from './usePracticeCalendar';
import { reportApiError } from '../shell/banners';

/** Spec part 2 §9: page size 20. */
export const PAGE_SIZE = 20;

const STATUS_TYPE: Record<AppointmentStatus, 'pending' | 'success' | 'warning' | 'stopped' | 'error'> = {
  SCHEDULED: 'pending',
  ATTENDED: 'success',
  NO_SHOW: 'warning',
  CANCELLED: 'stopped',
  LATE_CANCELLED: 'error',
};

const ALL = { value: '', label: 'All' };
const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...STATUS_ORDER.map((s) => ({ value: s, label: STATUS_LABEL[s] }))];

interface Loaded {
  key: string;
  items: Appointment[];
  nextToken: string | null;
  loading: boolean;
}

/**
 * /app/appointment-status: appointments by status (upcoming, attended, no-show, cancelled,
 * late-cancelled), clinician and date range. As the spec says, a range's end adds 2 days: the list
 * runs to the start of the second day after the chosen last day (practice time).
 */
export default function AppointmentStatusPage() {
  const practice = usePracticeCalendar();
  const { zone } = practice;
  const [status, setStatus] = useState('');
  const [clinicianId, setClinicianId] = useState('');
  // 30 days either side of today in the practice, once its zone is known.
  const [firstDay, setFirstDay] = useState('');
  const [lastDay, setLastDay] = useState('');
  useEffect(() => {
    if (practice.status === 'loading' || firstDay || lastDay) return;
    const today = practiceToday(zone);
    setFirstDay(addDays(today, -30));
    setLastDay(addDays(today, 30));
  }, [practice.status, zone, firstDay, lastDay]);
  const [page, setPage] = useState(1);
  const rangeValid = isIsoDate(firstDay) && isIsoDate(lastDay) && firstDay <= lastDay;
  const key = `${status}|${clinicianId}|${firstDay}|${lastDay}|${zone}`;
  const [loaded, setLoaded] = useState<Loaded>({ key: '', items: [], nextToken: null, loading: false });

  const fetchPage = (token: string | null, append: boolean) => {
    if (!rangeValid) return;
    const range = statusRange(firstDay, lastDay, zone);
    setLoaded((l) => ({ ...(append ? l : { items: [], nextToken: null }), key, loading: true }));
    listAppointments({ ...range, status: (status || null) as AppointmentStatus | null, clinicianId: clinicianId || null }, token).then(
      (result) =>
        setLoaded((l) => (l.key !== key ? l : { key, items: append ? l.items.concat(result.items) : result.items, nextToken: result.nextToken, loading: false })),
      (error: unknown) => {
        reportApiError(error);
        setLoaded((l) => (l.key !== key ? l : { ...l, loading: false }));
      },
    );
  };

  useEffect(() => {
    if (practice.status !== 'ready' || !firstDay || !lastDay) return;
    setPage(1);
    fetchPage(null, false);
    // fetchPage reads the filters that make up `key`.
  }, [key, practice.status, rangeValid, firstDay, lastDay]);

  const pagesLoaded = Math.max(1, Math.ceil(loaded.items.length / PAGE_SIZE));
  const shown = loaded.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const columns: TableProps.ColumnDefinition<Appointment>[] = useMemo(
    () => [
      { id: 'start', header: `Date and time (${timezoneAbbreviation(zone)})`, cell: (a) => formatInZone(a.start, zone), isRowHeader: true },
      { id: 'client', header: 'Client', cell: (a) => a.clientName },
      { id: 'clinician', header: 'Clinician', cell: (a) => a.clinicianName ?? '-' },
      { id: 'service', header: 'Service', cell: (a) => a.serviceCode },
      { id: 'location', header: 'Location', cell: (a) => (a.locationType === 'TELEHEALTH' ? 'Telehealth' : (a.locationName ?? 'Office')) },
      { id: 'status', header: 'Status', cell: (a) => <StatusIndicator type={STATUS_TYPE[a.status]}>{STATUS_LABEL[a.status]}</StatusIndicator> },
    ],
    [zone],
  );

  const clinicianOptions = [ALL, ...practice.clinicians.map((c) => ({ value: c.id, label: c.name }))];

  return (
    <Table
      variant="full-page"
      columnDefinitions={columns}
      items={shown}
      loading={loaded.loading && shown.length === 0}
      loadingText="Loading appointments"
      trackBy="id"
      empty={
        <Box textAlign="center" color="inherit">
          <b>No appointments</b>
          <Box variant="p" color="inherit">
            {rangeValid ? 'None match these filters.' : 'Choose a first and a last day (the first on or before the last).'}
          </Box>
        </Box>
      }
      header={
        <Header
          variant="h1"
          counter={loaded.nextToken ? `(${loaded.items.length}+)` : `(${loaded.items.length})`}
          description={`Times in ${zone}. The list runs two days past the last day you choose.`}
        >
          Appointment status
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="m">
          <FormField label="Status">
            <Select selectedOption={STATUS_OPTIONS.find((o) => o.value === status) ?? STATUS_OPTIONS[0]} onChange={({ detail }) => setStatus(detail.selectedOption.value ?? '')} options={STATUS_OPTIONS} />
          </FormField>
          <FormField label="Clinician">
            <Select
              selectedOption={clinicianOptions.find((o) => o.value === clinicianId) ?? ALL}
              onChange={({ detail }) => setClinicianId(detail.selectedOption.value ?? '')}
              options={clinicianOptions}
              disabled={practice.clinicians.length < 2}
            />
          </FormField>
          <FormField label="First day" errorText={!firstDay || isIsoDate(firstDay) ? undefined : 'Enter a date as YYYY/MM/DD.'}>
            <DatePicker value={firstDay} onChange={({ detail }) => setFirstDay(detail.value)} placeholder="YYYY/MM/DD" openCalendarAriaLabel={() => 'Choose the first day'} />
          </FormField>
          <FormField
            label="Last day"
            errorText={!lastDay ? undefined : !isIsoDate(lastDay) ? 'Enter a date as YYYY/MM/DD.' : rangeValid || !isIsoDate(firstDay) ? undefined : 'The last day must be on or after the first.'}
          >
            <DatePicker value={lastDay} onChange={({ detail }) => setLastDay(detail.value)} placeholder="YYYY/MM/DD" openCalendarAriaLabel={() => 'Choose the last day'} />
          </FormField>
        </SpaceBetween>
      }
      pagination={
        <Pagination
          currentPageIndex={page}
          pagesCount={pagesLoaded}
          openEnd={Boolean(loaded.nextToken)}
          onChange={({ detail }) => {
            const wanted = detail.currentPageIndex;
            if (wanted > pagesLoaded && loaded.nextToken) fetchPage(loaded.nextToken, true);
            setPage(wanted);
          }}
        />
      }
      footer={
        loaded.nextToken ? (
          <Box textAlign="center">
            <Button onClick={() => fetchPage(loaded.nextToken, true)} loading={loaded.loading}>
              Load more
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
