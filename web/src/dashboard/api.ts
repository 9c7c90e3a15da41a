/**
 * The dashboard's calls (issue 13): each section reads what the signed-in user may read, with the
 * existing fields — sessions (listAppointments), risk alerts (listRiskAlerts), the measures watchlist
 * (assessmentWatchlist), app entries (listCompanionClients of the two DBT apps, which carry urges)
 * and unpaid invoices (listBilling). A section the server refuses (Unauthorized: the role or the
 * plan) is left out rather than shown as an error.
 */
import { graphqlRequest } from '../platform/graphql';
import type { Overdue } from '../assessments/api';

export interface Worsened { clientId: string; clientName: string | null; therapistId: string; instrumentId: string; baseline: number; latest: number; at: string }
export interface Watchlist { overdue: Overdue[]; overdueTotal: number; worsened: Worsened[] }

export async function watchlist(): Promise<Watchlist> {
  const { data } = await graphqlRequest({
    query: 'query AssessmentWatchlist { assessmentWatchlist { overdue { clientId clientName therapistId instrumentId assignmentId dueSince } overdueTotal worsened { clientId clientName therapistId instrumentId baseline latest at } } }',
    variables: {},
  });
  return data.assessmentWatchlist as Watchlist;
}

/** Whether a failed call was the server's refusal for this user (role or plan): the section is not theirs. */
export function refused(error: unknown): boolean {
  const errors = (error as { errors?: { errorType?: string }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((e) => e.errorType === 'Unauthorized');
}

/** Settles a section's call: its value, 'refused' when not the user's, or 'failed'. */
export async function section<T>(load: () => Promise<T>, report: (error: unknown) => void): Promise<T | 'refused' | 'failed'> {
  try {
    return await load();
  } catch (error) {
    if (refused(error)) return 'refused';
    report(error);
    return 'failed';
  }
}
