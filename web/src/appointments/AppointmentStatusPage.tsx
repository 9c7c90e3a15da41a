import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useEffect, useMemo, useState } from 'react';
import { listAppointments, type Appointment, type AppointmentStatus } from './api';
import { APPOINTMENT_MESSAGES } from './messages';
import { STATUS_LABEL, STATUS_ORDER, statusRange } from './status';
import { addDays, formatInZone, isIsoDate, practiceToday, timezoneAbbreviation } from './time';
import { usePracticeCalendar } from './usePracticeCalendar';
import { reportApiError } from '../shell/banners';
import { DateField, useDatePatternText } from '../common/DateField';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

/** Spec part 2 §9: page size 20. */
export const PAGE_SIZE = 20;

const STATUS_TYPE: Record<AppointmentStatus, 'pending' | 'success' | 'warning' | 'stopped' | 'error'> = {
  SCHEDULED: 'pending',
  ATTENDED: 'success',
  NO_SHOW: 'warning',
  CANCELLED: 'stopped',
  LATE_CANCELLED: 'error',
};


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
  const { t, tm, locale } = useI18n();
  const dateFormat = useDatePatternText();
  const all = { value: '', label: t('appointments.statusPage.all') };
  const statusOptions = [{ value: '', label: t('appointments.statusPage.allStatuses') }, ...STATUS_ORDER.map((s) => ({ value: s, label: tm(STATUS_LABEL[s]) }))];
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetchPage reads the filters that make up `key`.
  }, [key, practice.status, rangeValid, firstDay, lastDay]);

  const pagesLoaded = Math.max(1, Math.ceil(loaded.items.length / PAGE_SIZE));
  const shown = loaded.items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const columns: TableProps.ColumnDefinition<Appointment>[] = useMemo(
    () => [
      { id: 'start', header: t('appointments.statusPage.column.start', { abbreviation: timezoneAbbreviation(zone) }), cell: (a) => formatInZone(a.start, zone, languageTag(locale)), isRowHeader: true },
      { id: 'client', header: t('appointments.statusPage.column.client'), cell: (a) => a.clientName },
      { id: 'clinician', header: t('appointments.statusPage.column.clinician'), cell: (a) => a.clinicianName ?? '-' },
      { id: 'service', header: t('appointments.statusPage.column.service'), cell: (a) => a.serviceCode },
      { id: 'location', header: t('appointments.statusPage.column.location'), cell: (a) => (a.locationType === 'TELEHEALTH' ? t('appointments.form.telehealth') : (a.locationName ?? t('appointments.form.office'))) },
      { id: 'status', header: t('appointments.statusPage.column.status'), cell: (a) => <StatusIndicator type={STATUS_TYPE[a.status]}>{tm(STATUS_LABEL[a.status])}</StatusIndicator> },
    ],
    [zone, t, tm, locale],
  );

  const clinicianOptions = [all, ...practice.clinicians.map((c) => ({ value: c.id, label: c.name }))];

  return (
    <Table
      variant="full-page"
      columnDefinitions={columns}
      items={shown}
      loading={loaded.loading && shown.length === 0}
      loadingText={t('appointments.statusPage.loading')}
      trackBy="id"
      empty={
        <Box textAlign="center" color="inherit">
          <b>{t('appointments.statusPage.empty')}</b>
          <Box variant="p" color="inherit">
            {rangeValid ? t('appointments.statusPage.noMatch') : t('appointments.statusPage.chooseRange')}
          </Box>
        </Box>
      }
      header={
        <Header
          variant="h1"
          counter={loaded.nextToken ? `(${loaded.items.length}+)` : `(${loaded.items.length})`}
          description={t('appointments.statusPage.description', { zone })}
        >
          {t('appointments.statusPage.title')}
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="m">
          <FormField label={t('appointments.statusPage.status')}>
            <Select selectedOption={statusOptions.find((o) => o.value === status) ?? statusOptions[0]} onChange={({ detail }) => setStatus(detail.selectedOption.value ?? '')} options={statusOptions} />
          </FormField>
          <FormField label={t('appointments.statusPage.clinician')}>
            <Select
              selectedOption={clinicianOptions.find((o) => o.value === clinicianId) ?? all}
              onChange={({ detail }) => setClinicianId(detail.selectedOption.value ?? '')}
              options={clinicianOptions}
              disabled={practice.clinicians.length < 2}
            />
          </FormField>
          <FormField label={t('appointments.statusPage.firstDay')} constraintText={dateFormat} errorText={!firstDay || isIsoDate(firstDay) ? undefined : tm(APPOINTMENT_MESSAGES.dateFormat)}>
            <DateField value={firstDay} onChange={setFirstDay} calendarLabel={t('appointments.statusPage.chooseFirst')} invalid={Boolean(firstDay) && !isIsoDate(firstDay)} />
          </FormField>
          <FormField
            label={t('appointments.statusPage.lastDay')}
            constraintText={dateFormat}
            errorText={!lastDay ? undefined : !isIsoDate(lastDay) ? tm(APPOINTMENT_MESSAGES.dateFormat) : rangeValid || !isIsoDate(firstDay) ? undefined : t('appointments.statusPage.lastBeforeFirst')}
          >
            <DateField value={lastDay} onChange={setLastDay} calendarLabel={t('appointments.statusPage.chooseLast')} invalid={Boolean(lastDay) && !isIsoDate(lastDay)} />
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
              {t('appointments.statusPage.loadMore')}
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
