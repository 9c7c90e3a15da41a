/**
 * Authorization matrix rows: companion apps (issue 14) — a client's sharing, invitations, an app
 * page's clients, a sharing client's entries and stats on the practice's side (the Apps right, every
 * plan); the companion-app API on the client principal's. Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, matrix, outcomeOf, ownersClientWithEmail, seededPracticeId, type AuthzDomain, type Who } from './matrix.ts';

const INVITE = 'mutation ($c: ID!, $a: [CompanionApp!]!) { inviteClientToShare(clientId: $c, apps: $a) { code } }';
const ACCEPT = 'mutation ($code: String!) { acceptCompanionInvitation(code: $code) { app state } }';

/** The owner invites a fresh client of theirs to share `app`; the code from the outbox. */
async function invitation(who: Who, app: string): Promise<{ c: string; code: string }> {
  const c = await ownersClientWithEmail(who);
  await call('owner', INVITE, { c, a: [app] });
  const email = (await call('owner', 'query ($id: ID!) { getClient(id: $id) { contact { email } } }', { id: c })).data.getClient.contact.email as string;
  const code = /code ([A-Z2-9]{5}-[A-Z2-9]{5})/.exec(matrix.runtime.outbox.latestTo(email, 'email')?.body ?? '')?.[1] ?? 'none';
  return { c, code };
}

/** A fresh client of the owner's whose record the demo client principal shares `app` with (a real acceptance). */
async function sharing(who: Who, app: string): Promise<string> {
  const { c, code } = await invitation(who, app);
  await call('client', ACCEPT, { code });
  return c;
}

export const companion: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
    // The Apps right (owner, clinicianAdmin, the three clinician roles; not the supervisor, biller,
    // scheduler or coordinators), every plan. A client's fields go with the client's reach: the
    // target is the owner's client, missing for the own-only clinicians and another practice.
    'Query.getCompanionSharing':         [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Mutation.inviteClientToShare':      [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Query.getClientCompanionEntries':   [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    'Query.getClientCompanionStats':     [A,    A,    A,    N,    N,    U,    U,    U,    U,    N],
    // The app page lists the caller's reach (own clients, or the practice's).
    'Query.listCompanionClients':        [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
    // The per-app hide flags: the practice-settings holders (owner, admin), their own practice.
    'Mutation.setAppHideFlags':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
    // The companion-app API: the client principal only (see clientAllowed).
    'Query.myAppSettings':               [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.myCompanionEntries':          [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.myCompanionSharing':          [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.postCompanionEntry':       [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.setCompanionSharing':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.acceptCompanionInvitation': [U,   U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  clientAllowed: ['Query.myAppSettings', 'Query.myCompanionEntries', 'Query.myCompanionSharing', 'Mutation.postCompanionEntry', 'Mutation.setCompanionSharing', 'Mutation.acceptCompanionInvitation'],
  operations: {
    'Query.getCompanionSharing': async (who, target) =>
      outcomeOf(await call(who, 'query ($c: ID!) { getCompanionSharing(clientId: $c) { app state } }', { c: target }), 'Query.getCompanionSharing'),
    'Mutation.inviteClientToShare': async (who) =>
      outcomeOf(await call(who, INVITE, { c: await ownersClientWithEmail(who), a: ['CBT_COMPANION'] }), 'Mutation.inviteClientToShare'),
    'Query.getClientCompanionEntries': async (who) =>
      outcomeOf(await call(who, 'query ($c: ID!) { getClientCompanionEntries(clientId: $c, app: DBT_COACH) { items { id } nextToken } }', { c: await sharing(who, 'DBT_COACH') }), 'Query.getClientCompanionEntries'),
    'Query.getClientCompanionStats': async (who) =>
      outcomeOf(await call(who, 'query ($c: ID!) { getClientCompanionStats(clientId: $c, app: DBT_COACH) { entryCount } }', { c: await sharing(who, 'DBT_COACH') }), 'Query.getClientCompanionStats'),
    'Query.listCompanionClients': async (who) => outcomeOf(await call(who, '{ listCompanionClients(app: DBT_COACH) { clientId state } }'), 'Query.listCompanionClients'),
    'Mutation.setAppHideFlags': async (who) =>
      outcomeOf(await call(who, 'mutation ($i: AppHideFlagsInput!) { setAppHideFlags(input: $i) { app } }', { i: { app: 'COACH', hideCommunities: false, food: false, physicalActivity: false } }), 'Mutation.setAppHideFlags'),
    'Query.myAppSettings': async (who) => outcomeOf(await call(who, '{ myAppSettings(app: DBT_COACH) { hideFood } }'), 'Query.myAppSettings'),
    'Query.myCompanionEntries': async (who) => outcomeOf(await call(who, '{ myCompanionEntries(app: DBT_COACH) { items { id } nextToken } }'), 'Query.myCompanionEntries'),
    'Query.myCompanionSharing': async (who) => outcomeOf(await call(who, '{ myCompanionSharing { practiceId app state } }'), 'Query.myCompanionSharing'),
    'Mutation.postCompanionEntry': async (who) =>
      outcomeOf(await call(who, 'mutation ($i: CompanionEntryInput!) { postCompanionEntry(input: $i) { id } }', { i: { app: 'MI_COACH', type: 'MOOD_SLEEP', date: new Date().toISOString().slice(0, 10), data: '{"mood":6}' } }), 'Mutation.postCompanionEntry'),
    'Mutation.setCompanionSharing': async (who) => {
      if (who === 'client') await sharing(who, 'ACT_COACH');
      return outcomeOf(await call(who, 'mutation ($p: ID!) { setCompanionSharing(practiceId: $p, app: ACT_COACH, share: false) { state } }', { p: seededPracticeId() }), 'Mutation.setCompanionSharing');
    },
    'Mutation.acceptCompanionInvitation': async (who) => {
      const { code } = who === 'client' ? await invitation(who, 'MI_COACH') : { code: 'ABCDE-FGHJK' };
      return outcomeOf(await call(who, ACCEPT, { code }), 'Mutation.acceptCompanionInvitation');
    },
  },
};
