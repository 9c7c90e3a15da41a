/**
 * Authorization matrix rows: measurement-based care (issue 13) — instruments, assignments,
 * responses and risk alerts on the practice's side; open assessments, saving and submitting on the
 * client principal's. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, matrix, outcomeOf, ownersClientWithEmail, seededPracticeId, subscribe, type AuthzDomain, type Who } from './matrix.ts';

const ASSIGN = 'mutation ($c: ID!, $i: [ID!]!, $s: AssessmentScheduleInput!) { assignAssessments(clientId: $c, instrumentIds: $i, schedule: $s) { id } }';

/** The owner assigns PHQ-9 once to a fresh client of theirs (with an e-mail); the client and the assignment. */
async function assigned(who: Who): Promise<{ c: string; a: string }> {
  const c = await ownersClientWithEmail(who);
  const out = await call('owner', ASSIGN, { c, i: ['PHQ9'], s: { frequency: 'once' } });
  return { c, a: out.data.assignAssessments[0].id };
}

/** An open risk alert on a fresh client of the owner's: the link from the outbox answered with item 9 = 1. */
async function openAlert(who: Who): Promise<string> {
  const { c } = await assigned(who);
  const email = (await call('owner', 'query ($id: ID!) { getClient(id: $id) { contact { email } } }', { id: c })).data.getClient.contact.email as string;
  const token = /\/portal\/assessment#([A-Za-z0-9_-]{43})/.exec(matrix.runtime.outbox.latestTo(email, 'email')?.body ?? '')?.[1];
  const answers = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0, '6': 0, '7': 0, '8': 0, '9': 1 };
  await fetch(`${matrix.runtime.url}/api/submitAssessmentLink`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, answers }) });
  const alerts = (await call('owner', '{ listRiskAlerts { items { id clientId } } }')).data.listRiskAlerts.items as { id: string; clientId: string }[];
  return alerts.find((x) => x.clientId === c)!.id;
}

/** For the client principal: a fresh portal assignment (GAD-7, once) of their own record; for anyone else, a made-up one. */
async function clientAssignment(who: Who): Promise<string> {
  if (who !== 'client') return '1700000000000-00000000';
  const mine = (await call('client', '{ clientMe { practices { clientId } } }')).data.clientMe.practices[0].clientId as string;
  return (await call('owner', ASSIGN, { c: mine, i: ['GAD7'], s: { frequency: 'once' } })).data.assignAssessments[0].id as string;
}

export const assessments: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // The Assessments feature (premium, professional) and the spec's assessments right: owner,
    // clinicianAdmin and the three clinician roles; not the supervisor, biller, scheduler or
    // coordinators. A client's fields go with the client's reach: the target is the owner's client,
    // missing for the own-only clinicians and another practice's owner.
    'Query.assessmentInstruments':       [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Query.listAssessmentAssignments':   [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Query.listAssessmentResponses':     [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.assignAssessments':        [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.editAssessmentSchedule':   [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.stopAssessment':           [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    // Risk alerts: everyone with the right lists their reach (own clients, or the practice); the
    // owner's client's alert is missing for the own-only clinicians and another practice.
    'Query.listRiskAlerts':              [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Mutation.resolveRiskAlert':         [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    // The population page: everyone with the right reads their reach (own-only roles their own clients).
    'Query.assessmentPopulation':        [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Query.assessmentWatchlist':         [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    // The live alert: subscribing needs the right (the filter keeps each to their reach); publishing is
    // IAM only (the assessments Lambdas): every member's token is refused.
    'Subscription.onRiskAlert':          [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    'Mutation.publishRiskAlert':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    // The client principal's side: no team member calls it (see clientAllowed).
    'Query.clientOpenAssessments':       [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.saveClientAssessmentAnswers': [U, U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.submitClientAssessment':   [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  operations: {
    'Query.assessmentInstruments': async (who) => outcomeOf(await call(who, '{ assessmentInstruments { id } }'), 'Query.assessmentInstruments'),
    'Query.listAssessmentAssignments': async (who, target) =>
      outcomeOf(await call(who, 'query ($c: ID!) { listAssessmentAssignments(clientId: $c) { id } }', { c: target }), 'Query.listAssessmentAssignments'),
    'Query.listAssessmentResponses': async (who, target) =>
      outcomeOf(await call(who, 'query ($c: ID!) { listAssessmentResponses(clientId: $c) { items { id } nextToken } }', { c: target }), 'Query.listAssessmentResponses'),
    'Mutation.assignAssessments': async (who) =>
      outcomeOf(await call(who, ASSIGN, { c: await ownersClientWithEmail(who), i: ['GAD7'], s: { frequency: 'weekly' } }), 'Mutation.assignAssessments'),
    'Mutation.editAssessmentSchedule': async (who) => {
      const { c, a } = await assigned(who);
      return outcomeOf(await call(who, 'mutation ($c: ID!, $a: ID!, $s: AssessmentScheduleInput!) { editAssessmentSchedule(clientId: $c, assignmentId: $a, schedule: $s) { id } }', { c, a, s: { frequency: 'monthly' } }), 'Mutation.editAssessmentSchedule');
    },
    'Mutation.stopAssessment': async (who) => {
      const { c, a } = await assigned(who);
      return outcomeOf(await call(who, 'mutation ($c: ID!, $a: ID!) { stopAssessment(clientId: $c, assignmentId: $a) { id stoppedAt } }', { c, a }), 'Mutation.stopAssessment');
    },
    'Query.listRiskAlerts': async (who) => outcomeOf(await call(who, '{ listRiskAlerts { items { id } nextToken } }'), 'Query.listRiskAlerts'),
    'Subscription.onRiskAlert': (who) => subscribe(who, 'subscription { onRiskAlert { alertId } }'),
    'Mutation.publishRiskAlert': async (who) =>
      outcomeOf(await call(who, 'mutation { publishRiskAlert(practiceId: "p", therapistId: "t", alertId: "a", raisedAt: "2026-01-01T00:00:00Z") { alertId } }'), 'Mutation.publishRiskAlert'),
    'Query.assessmentWatchlist': async (who) => outcomeOf(await call(who, '{ assessmentWatchlist { overdueTotal worsened { clientId } } }'), 'Query.assessmentWatchlist'),
    'Query.assessmentPopulation': async (who) => outcomeOf(await call(who, '{ assessmentPopulation { from current { clients } overdueTotal } }'), 'Query.assessmentPopulation'),
    'Mutation.resolveRiskAlert': async (who) =>
      outcomeOf(await call(who, 'mutation ($a: ID!) { resolveRiskAlert(alertId: $a, note: "Called the client.") { id state } }', { a: await openAlert(who) }), 'Mutation.resolveRiskAlert'),
    'Query.clientOpenAssessments': async (who) => outcomeOf(await call(who, '{ clientOpenAssessments { assignmentId } }'), 'Query.clientOpenAssessments'),
    'Mutation.saveClientAssessmentAnswers': async (who) =>
      outcomeOf(await call(who, 'mutation ($p: ID!, $a: ID!) { saveClientAssessmentAnswers(practiceId: $p, assignmentId: $a, answers: "{\\"1\\":1}") { assignmentId } }', { p: seededPracticeId(), a: await clientAssignment(who) }), 'Mutation.saveClientAssessmentAnswers'),
    'Mutation.submitClientAssessment': async (who) =>
      outcomeOf(await call(who, 'mutation ($p: ID!, $a: ID!) { submitClientAssessment(practiceId: $p, assignmentId: $a, answers: "{\\"1\\":1,\\"2\\":0,\\"3\\":0,\\"4\\":0,\\"5\\":0,\\"6\\":0,\\"7\\":0}") { status } }', { p: seededPracticeId(), a: await clientAssignment(who) }), 'Mutation.submitClientAssessment'),
  },
  clientAllowed: ['Query.clientOpenAssessments', 'Mutation.saveClientAssessmentAnswers', 'Mutation.submitClientAssessment'],
};
