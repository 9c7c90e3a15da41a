/**
 * Dashboard (`/app/dashboard`, issue 13): the practice at a glance for the signed-in user, within
 * their rights — today's and tomorrow's sessions, unresolved risk alerts, overdue measures, clients
 * whose scores worsened, app entries with a recent high urge, and unpaid invoices — each row a link
 * to where it is handled. A handful of calls in parallel (web/src/dashboard/api.ts); a section the
 * server refuses for this user is not shown. Texts: the assessments feature's catalog (dashboard.*).
 * Days and times are the practice's (its zone from the appointment settings, as on the calendar),
 * written as the practice writes them — not the reading device's zone.
 */
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatPracticeDate, formatPracticeTime } from '../i18n/format';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { getAppointmentSettings, listAllAppointments, type Appointment } from '../appointments/api';
import { addDays, practiceTimezone, practiceToday, timezoneAbbreviation, utcFromWallClock, wallClock } from '../appointments/time';
import { openAlerts, type RiskAlert } from '../assessments/api';
import { listCompanionClients, type AppClient } from '../companion/api';
import { getMoneyFormat, listBilling, type BillingEntry } from '../billing/api';
import { formatMoney } from '../../../domain/billing/money';
import { section, watchlist, type Watchlist } from './api';

type Loaded<T> = T | 'refused' | 'failed' | null;
const DAY = 86_400_000;
const INSTRUMENT: Record<string, string> = { PHQ9: 'PHQ-9', GAD7: 'GAD-7', PHQA: 'PHQ-A', PCL5: 'PCL-5', CSSRS: 'C-SSRS' };
const instrumentName = (id: string) => INSTRUMENT[id] ?? id;


/** One section: hidden when refused, a table of its rows (links), or its empty text. */
function Panel<T>({ id, title, value, rows, columns, empty, action }: { id: string; title: string; value: Loaded<T>; rows: (v: T) => unknown[]; columns: TableProps.ColumnDefinition<never>[]; empty: string; action?: ReactNode }) {
  const t = useT();
  if (value === 'refused') return null;
  const items = value === null || value === 'failed' ? [] : rows(value);
  return (
    <Container data-testid={`dashboard-${id}`} header={<Header variant="h2" counter={value && value !== 'failed' ? `(${items.length})` : undefined} actions={action}>{title}</Header>}>
      {value === null ? <Box>{t('dashboard.loading')}</Box> : <Table variant="embedded" items={items as never[]} columnDefinitions={columns} empty={<Box>{empty}</Box>} />}
    </Container>
  );
}

export default function DashboardPage() {
  const t = useT();
  const navigate = useNavigate();
  const [sessions, setSessions] = useState<Loaded<Appointment[]>>(null);
  const [alerts, setAlerts] = useState<Loaded<RiskAlert[]>>(null);
  const [watch, setWatch] = useState<Loaded<Watchlist>>(null);
  const [entries, setEntries] = useState<Loaded<AppClient[]>>(null);
  const [zone, setZone] = useState(practiceTimezone(null));
  const [unpaid, setUnpaid] = useState<Loaded<{ items: BillingEntry[]; format: { decimals: number; currency: string } }>>(null);

  useEffect(() => {
    let live = true;
    const set = <T,>(setter: (v: Loaded<T>) => void) => (v: Loaded<T>) => live && setter(v);
    const since = new Date(Date.now() - 7 * DAY).toISOString().slice(0, 10);
    // Today and tomorrow where the practice is: its zone first (the default zone if the settings cannot be read).
    void section(async () => {
      const practiceZone = practiceTimezone(await getAppointmentSettings().then((s) => s.timezone, () => null));
      if (live) setZone(practiceZone);
      const today = practiceToday(practiceZone);
      return listAllAppointments({ from: utcFromWallClock(today, '00:00', practiceZone), to: utcFromWallClock(addDays(today, 2), '00:00', practiceZone) });
    }, reportApiError).then(set(setSessions));
    void section(openAlerts, reportApiError).then(set(setAlerts));
    void section(watchlist, reportApiError).then(set(setWatch));
    void section(async () => {
      const lists = await Promise.all((['DBT_COACH', 'DBT_DAILY'] as const).map((app) => listCompanionClients(app)));
      return lists.flat().filter((c) => c.state === 'SHARING' && !!c.lastHighUrgeDate && c.lastHighUrgeDate >= since).sort((a, b) => (b.lastHighUrgeDate ?? '').localeCompare(a.lastHighUrgeDate ?? ''));
    }, reportApiError).then(set(setEntries));
    void section(async () => {
      const [page, format] = await Promise.all([listBilling({ filter: 'UnpaidInvoice' }), getMoneyFormat()]);
      return { items: page.items, format };
    }, reportApiError).then(set(setUnpaid));
    return () => {
      live = false;
    };
  }, []);

  const go = (href: string) => (e: CustomEvent) => {
    e.preventDefault();
    void navigate(href);
  };
  const link = (href: string, text: ReactNode) => <Link href={href} onFollow={go(href)}>{text}</Link>;
  const chart = (clientId: string, tab: string) => `/app/clients/${clientId}?tab=${tab}`;

  const today = practiceToday(zone);
  const day = (date: string | null | undefined) => (date ? formatPracticeDate(date) : '');
  return (
    <ContentLayout header={<Header variant="h1" description={t('dashboard.description')}>{t('dashboard.title')}</Header>}>
      <ColumnLayout columns={2}>
        <Panel
          id="sessions"
          title={t('dashboard.sessions')}
          value={sessions}
          rows={(list) => list.filter((a) => a.status !== 'CANCELLED')}
          empty={t('dashboard.noSessions')}
          action={link('/app/appointment', t('dashboard.openCalendar'))}
          columns={[
            { id: 'when', header: t('dashboard.when'), cell: (a: Appointment) => `${wallClock(a.start, zone).date === today ? t('dashboard.today') : t('dashboard.tomorrow')} ${formatPracticeTime(a.start, { timeZone: zone })} ${timezoneAbbreviation(zone, new Date(a.start))}` },
            { id: 'client', header: t('dashboard.client'), cell: (a: Appointment) => (a.clientId ? link(chart(a.clientId, 'appointments'), a.clientName ?? a.clientId) : a.clientName) },
            { id: 'clinician', header: t('dashboard.clinician'), cell: (a: Appointment) => a.clinicianName ?? '' },
          ] as TableProps.ColumnDefinition<never>[]}
        />
        <Panel
          id="alerts"
          title={t('dashboard.alerts')}
          value={alerts}
          rows={(list) => list}
          empty={t('dashboard.noAlerts')}
          action={link('/app/assessments', t('dashboard.openResults'))}
          columns={[
            { id: 'client', header: t('dashboard.client'), cell: (a: RiskAlert) => link(chart(a.clientId, 'measures'), a.clientName ?? a.clientId) },
            { id: 'instrument', header: t('dashboard.instrument'), cell: (a: RiskAlert) => instrumentName(a.instrumentId) },
            { id: 'raised', header: t('dashboard.date'), cell: (a: RiskAlert) => formatPracticeDate(a.raisedAt, { timeZone: zone }) },
          ] as TableProps.ColumnDefinition<never>[]}
        />
        <Panel
          id="worsened"
          title={t('dashboard.worsened')}
          value={watch}
          rows={(w) => w.worsened}
          empty={t('dashboard.noWorsened')}
          action={link('/app/assessments/population', t('dashboard.openPopulation'))}
          columns={[
            { id: 'client', header: t('dashboard.client'), cell: (w: Watchlist['worsened'][number]) => link(chart(w.clientId, 'measures'), w.clientName ?? w.clientId) },
            { id: 'instrument', header: t('dashboard.instrument'), cell: (w: Watchlist['worsened'][number]) => instrumentName(w.instrumentId) },
            { id: 'change', header: t('dashboard.change'), cell: (w: Watchlist['worsened'][number]) => t('dashboard.fromTo', { baseline: w.baseline, latest: w.latest }) },
          ] as TableProps.ColumnDefinition<never>[]}
        />
        <Panel
          id="overdue"
          title={t('dashboard.overdue')}
          value={watch}
          rows={(w) => w.overdue}
          empty={t('dashboard.noOverdue')}
          columns={[
            { id: 'client', header: t('dashboard.client'), cell: (o: Watchlist['overdue'][number]) => link(chart(o.clientId, 'measures'), o.clientName ?? o.clientId) },
            { id: 'instrument', header: t('dashboard.instrument'), cell: (o: Watchlist['overdue'][number]) => instrumentName(o.instrumentId) },
            { id: 'due', header: t('dashboard.dueSince'), cell: (o: Watchlist['overdue'][number]) => day(o.dueSince) },
          ] as TableProps.ColumnDefinition<never>[]}
        />
        <Panel
          id="entries"
          title={t('dashboard.entries')}
          value={entries}
          rows={(list) => list}
          empty={t('dashboard.noEntries')}
          columns={[
            { id: 'client', header: t('dashboard.client'), cell: (c: AppClient) => link(chart(c.clientId, 'app-entries'), c.clientName ?? c.clientId) },
            { id: 'urge', header: t('dashboard.highUrge'), cell: (c: AppClient) => day(c.lastHighUrgeDate) },
          ] as TableProps.ColumnDefinition<never>[]}
        />
        <Panel
          id="balances"
          title={t('dashboard.balances')}
          value={unpaid}
          rows={(u) => u.items.map((item) => ({ item, format: u.format }))}
          empty={t('dashboard.noBalances')}
          action={link('/app/billings', t('dashboard.openBilling'))}
          columns={[
            { id: 'client', header: t('dashboard.client'), cell: (r: { item: BillingEntry }) => link(chart(r.item.clientId, 'billing'), r.item.clientName) },
            { id: 'balance', header: t('dashboard.balance'), cell: (r: { item: BillingEntry; format: { decimals: number; currency: string } }) => formatMoney(r.item.balanceCents ?? r.item.amountCents, r.format) },
            { id: 'date', header: t('dashboard.date'), cell: (r: { item: BillingEntry }) => day(r.item.date) },
            { id: 'due', header: t('dashboard.status'), cell: (r: { item: BillingEntry }) => (r.item.pastDue ? <Badge color="red">{t('dashboard.pastDue')}</Badge> : '') },
          ] as TableProps.ColumnDefinition<never>[]}
        />
      </ColumnLayout>
    </ContentLayout>
  );
}
