/**
 * Measurement-based care's calls from the console (issue 13): instruments, assign / stop, a
 * client's assignments and responses, risk alerts and their resolution (schema.graphql).
 */
import { graphqlRequest } from '../platform/graphql';

export interface Instrument { id: string; title: string; shortTitle: string; purpose: string; form: string }
export interface Band { code: string; label: string; min: number; max: number }
export interface Assignment { id: string; instrumentId: string; delivery: string; createdAt: string; stoppedAt: string | null; openUntil: string | null; completed: boolean; schedule: { frequency: string; startDate: string; endDate: string | null } }
export interface Response {
  id: string; instrumentId: string; submittedAt: string; status: string; score: number | null; band: string | null; bandLabel: string | null; alerts: string[];
  baseline: number | null; change: number | null; response: boolean; remission: boolean; reliableChange: string | null;
}
export interface RiskAlert { id: string; clientId: string; clientName: string | null; instrumentId: string; reasons: string[]; raisedAt: string; state: string; resolutionNote: string | null }

async function call<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
  const { data } = await graphqlRequest({ query, variables });
  return data[field] as T;
}

const ASSIGNMENT = 'id instrumentId delivery createdAt stoppedAt openUntil completed schedule { frequency startDate endDate }';

export const instruments = () => call<Instrument[]>('query AssessmentInstruments { assessmentInstruments { id title shortTitle purpose form } }', {}, 'assessmentInstruments');
export const bandsOf = (i: Instrument): Band[] => (JSON.parse(i.form) as { bands: Band[] }).bands;
export const assignments = (clientId: string) => call<Assignment[]>(`query ListAssessmentAssignments($c: ID!) { listAssessmentAssignments(clientId: $c) { ${ASSIGNMENT} } }`, { c: clientId }, 'listAssessmentAssignments');
export const assign = (clientId: string, instrumentIds: string[], schedule: { frequency: string; startDate: string | null; endDate: string | null }) =>
  call<Assignment[]>(`mutation AssignAssessments($c: ID!, $i: [ID!]!, $s: AssessmentScheduleInput!) { assignAssessments(clientId: $c, instrumentIds: $i, schedule: $s) { ${ASSIGNMENT} } }`, { c: clientId, i: instrumentIds, s: schedule }, 'assignAssessments');
export const stop = (clientId: string, assignmentId: string) =>
  call<Assignment>(`mutation StopAssessment($c: ID!, $a: ID!) { stopAssessment(clientId: $c, assignmentId: $a) { ${ASSIGNMENT} } }`, { c: clientId, a: assignmentId }, 'stopAssessment');

/** Every response of the client, newest first (follows the pages, up to 10). */
export async function responses(clientId: string): Promise<Response[]> {
  const out: Response[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < 10; page += 1) {
    const result: { items: Response[]; nextToken: string | null } = await call(
      'query ListAssessmentResponses($c: ID!, $n: String) { listAssessmentResponses(clientId: $c, nextToken: $n) { items { id instrumentId submittedAt status score band bandLabel alerts baseline change response remission reliableChange } nextToken } }',
      { c: clientId, n: nextToken }, 'listAssessmentResponses');
    out.push(...result.items);
    nextToken = result.nextToken;
    if (!nextToken) break;
  }
  return out;
}

export const openAlerts = () => call<{ items: RiskAlert[] }>('query ListRiskAlerts { listRiskAlerts { items { id clientId clientName instrumentId reasons raisedAt state resolutionNote } nextToken } }', {}, 'listRiskAlerts').then((p) => p.items);
export const resolveAlert = (alertId: string, note: string) =>
  call<RiskAlert>('mutation ResolveRiskAlert($a: ID!, $n: String!) { resolveRiskAlert(alertId: $a, note: $n) { id state resolutionNote } }', { a: alertId, n: note }, 'resolveRiskAlert');

export const clientsByName = (search: string) =>
  call<{ items: { id: string; personalDetail: { first: string; last: string } }[] }>('query AssessmentClients($s: String) { getClients(search: $s) { items { id personalDetail { first last } } } }', { s: search || null }, 'getClients').then((p) => p.items);

/** The population page's counts (issue 13): see schema.graphql AssessmentPopulation. */
export interface PopulationRow {
  instrumentId: string; month: string | null; clinicianId: string | null; clients: number; responses: number; scored: number; scoreSum: number; followUps: number;
  improved: number; unchanged: number; worse: number; responded: number; remitted: number; changeSum: number; alerts: number;
}
export interface Overdue { clientId: string; clientName: string | null; therapistId: string; instrumentId: string; assignmentId: string; dueSince: string }
export interface Population {
  from: string; to: string; clinicianId: string | null; instrumentId: string | null; current: PopulationRow[]; months: PopulationRow[]; clinicians: PopulationRow[]; overdue: Overdue[]; overdueTotal: number;
}
const ROW = 'instrumentId month clinicianId clients responses scored scoreSum followUps improved unchanged worse responded remitted changeSum alerts';
export const population = (filters: { clinicianId: string | null; instrumentId: string | null; from: string | null; to: string | null }) =>
  call<Population>(
    `query AssessmentPopulation($c: ID, $i: ID, $f: String, $t: String) { assessmentPopulation(clinicianId: $c, instrumentId: $i, from: $f, to: $t) {
      from to clinicianId instrumentId current { ${ROW} } months { ${ROW} } clinicians { ${ROW} } overdue { clientId clientName therapistId instrumentId assignmentId dueSince } overdueTotal } }`,
    { c: filters.clinicianId, i: filters.instrumentId, f: filters.from, t: filters.to }, 'assessmentPopulation');
