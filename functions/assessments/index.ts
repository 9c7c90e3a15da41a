/**
 * assessments: AppSync Lambda data source of measurement-based care (issue 13), both principals:
 *   - a member (after `authorize`, and ClientAccess.client for a client's fields): the instruments,
 *     assign / edit / stop schedules, a client's assignments and responses, risk alerts and their
 *     resolution (member.ts) — answered as `{ data, audit }` for the pipeline's `audit` step;
 *   - a client (after CLIENT_AUTHORIZE): open assessments, saving answers, submitting (client.ts;
 *     audited here per practice).
 * Scoring, counters and alerts in one transaction: store.ts. The public link: functions/assessment-link.
 * Payload: resolvers/functions/invokeAssessments.ts. Logs carry error names only.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import type { Notifier } from '../shared/notifier.ts';
import { INSTRUMENTS } from '../../domain/assessments/instruments.ts';
import { assign, editSchedule, instrumentView, listAlerts, listAssignments, listResponses, resolveAlert, stop, type MemberEvent } from './member.ts';
import { population } from './population.ts';
import { watchlist } from './watchlist.ts';
import { openAssessments, saveAnswers, submitAnswers, type ClientEvent } from './client.ts';

type Event = (MemberEvent | ClientEvent) & { principal: 'member' | 'client' };

async function run(event: Event, _context?: unknown, send?: Notifier) {
  if (!event?.caller?.sub) throw new Refusal('Not Authorized', 'Unauthorized');
  const now = new Date();
  if (event.principal === 'client') {
    const e = event as ClientEvent;
    switch (event.field) {
      case 'clientOpenAssessments':
        return { data: await openAssessments(e, now), audit: null };
      case 'saveClientAssessmentAnswers':
        return { data: await saveAnswers(e, now), audit: null };
      case 'submitClientAssessment':
        return { data: await submitAnswers(e, now, send), audit: null };
      default:
        throw new Refusal('Not Authorized', 'Unauthorized');
    }
  }
  const e = event as MemberEvent;
  if (!e.caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  switch (event.field) {
    case 'assessmentInstruments':
      return { data: INSTRUMENTS.map(instrumentView), audit: null };
    case 'assignAssessments':
      return assign(e, now, send);
    case 'editAssessmentSchedule':
      return editSchedule(e, now);
    case 'stopAssessment':
      return stop(e, now);
    case 'listAssessmentAssignments':
      return listAssignments(e, now);
    case 'listAssessmentResponses':
      return listResponses(e);
    case 'listRiskAlerts':
      return listAlerts(e);
    case 'resolveRiskAlert':
      return resolveAlert(e, now);
    case 'assessmentPopulation':
      return population(e, now);
    case 'assessmentWatchlist':
      return watchlist(e, now);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
}

/** Refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
export const handler = appsyncHandler('assessments', run);
