/**
 * The authorization matrix, against the whole local runtime: every Query, Mutation and
 * Subscription field of schema.graphql × every seeded role, the coordinator and the owner of
 * another practice → allowed, Unauthorized or (for ids outside the caller's reach) NotFound.
 *
 * EXPECTED is written by hand from the spec (part 2 §6 roles and permissions; part 1 §6 / part 2
 * §2.2 coordinators; ARCHITECTURE §3 tenancy), NOT derived from domain/permissions.ts, so a wrong
 * matrix there cannot pass itself. A schema field without a row here fails the test.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { parse, Kind, type ObjectTypeDefinitionNode, type ObjectTypeExtensionNode } from 'graphql';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import { startRuntime, type Runtime } from '../../local/runtime.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { membershipKey, tableName } from '../../domain/tables.ts';
import { graphql } from '../support/graphql.ts';
import { addPractice } from '../support/practice.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { clientSessionKey } from '../../domain/client-link.ts';
import { firstClientSignIn, inviteClient, publicCall } from '../support/client-portal.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { encode } from 'jpeg-js';

/** A real 8×8 JPEG: allowed callers confirm an upload the photo Lambda decodes and keeps. */
const MATRIX_JPEG = encode({ data: Buffer.alloc(8 * 8 * 4, 0x80), width: 8, height: 8 }, 80).data;

type Outcome = 'allowed' | 'Unauthorized' | 'NotFound';
const A: Outcome = 'allowed';
const U: Outcome = 'Unauthorized';
const N: Outcome = 'NotFound';

const CALLERS = ['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic', 'supervisor', 'biller', 'scheduler', 'coordinator', 'otherPractice'] as const;
type Caller = (typeof CALLERS)[number];

// prettier-ignore
/**                                     owner admin full  bBill basic super biller sched coord other */
const EXPECTED: Record<string, Outcome[]> = {
  // Every member: their own identity, their sign-in log, their practice's account activity.
  'Query.me':                          [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  'Mutation.logUserAuthEvent':         [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  // Every member may sign themselves out (issue 11 §2).
  'Mutation.endSession':                [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  'Subscription.onUserAuthEvent':      [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  // Clients: owner/admin everything; clinicians and scheduler "clients create/edit"; biller "clients
  // edit"; supervisor and coordinators nothing. The target client is the owner's: the basic
  // clinicians' rights are "own", so it is missing for them; another practice's owner may list
  // and add in their own practice, and this practice's ids are missing for them.
  'Query.getClients':                  [A,    A,    A,    A,    A,    U,    A,    A,    U,    A],
  'Query.getClient':                   [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.addClient':                [A,    A,    A,    A,    A,    U,    U,    A,    U,    A],
  'Mutation.editClient':               [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.removeClient':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  // Restoring an archived client undoes removeClient: the same rights (issue 19).
  'Mutation.restoreClient':            [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  // Video sessions are held by clinicians: owner, admin and the three clinician roles (their own
  // rooms, in their own practice); supervisor, biller, scheduler and coordinators hold none.
  'Query.getVideoToken':               [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  // Practice details: the PracticeDetails gate is the owner's ("everything") and clinicianAdmin's
  // ("as owner"); no other role lists it. Another practice's owner edits their own practice.
  'Query.getPracticeDetails':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.editPracticeDetails':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  // Billing settings and the insurance setting: "billing and services settings" — owner, admin, biller.
  'Query.getBillingSettings':          [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  'Mutation.editBillingSettings':      [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  'Query.getInsuranceSetting':         [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  'Mutation.editInsuranceSetting':     [A,    A,    U,    U,    U,    U,    A,    U,    U,    A],
  // Team members: the TeamMembers gate — owner and clinicianAdmin only. The target member belongs to
  // the seeded practice, so for another practice's owner it is missing.
  'Query.listTeamMembers':             [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.addTeamMember':            [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.editTeamMember':           [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  'Mutation.removeTeamMember':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  // One's own profile and photo: every role lists "profile"; coordinators do not (homework, groups only).
  'Query.getTherapist':                [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Mutation.editTherapist':            [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Query.getProfilePhotoUrl':          [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Mutation.getProfilePhotoUploadUrl': [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Mutation.confirmProfilePhoto':      [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  // Plans: every member (coordinators too) reads the offers and the practice's plan, which the
  // browser gates by; changing it is UpgradePlan — the owner's ("everything") and clinicianAdmin's.
  'Query.getProviderPlans':            [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  'Query.getCurrentPlan':              [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  'Query.hasEnterpriseSubscription':   [A,    A,    A,    A,    A,    A,    A,    A,    A,    A],
  'Mutation.changePlan':               [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  // Apps: owner, admin, clinicianFullClient, clinicianBasicBilling ("as clinicianFullClient") and
  // clinicianBasic list "apps"; supervisor, biller, scheduler and coordinators do not. The seeded
  // practice's owner id is another practice's to otherPractice: missing.
  'Query.getAppsUsed':                 [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  'Query.getAppsUsedByTeamOwner':      [A,    A,    A,    A,    A,    U,    U,    U,    U,    N],
  'Query.getHideCommunitiesForApps':   [A,    A,    A,    A,    A,    U,    U,    U,    U,    N],
  'Query.getHideHealthNutritionForApps': [A,  A,    A,    A,    A,    U,    U,    U,    U,    N],
  // Looking up an e-mail before inviting it: TeamMembers — owner and clinicianAdmin.
  'Mutation.checkUserStatus':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  // Account activity: the Activity gate (owner, admin); the audit trail: the owner alone.
  'Query.listAccountActivity':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Query.listAuditTrail':              [A,    U,    U,    U,    U,    U,    U,    U,    U,    A],
  // Appointments (spec part 2 §6, issue #7): owner, admin and clinicianFullClient see and manage
  // all; clinicianBasicBilling and clinicianBasic their own (the target is the owner's appointment:
  // missing for them); the scheduler sees all and books for any clinician; supervisor and biller
  // read all, locked; coordinators nothing. Another practice's owner works in their own practice
  // and finds this practice's appointments missing.
  'Query.listAppointments':            [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Query.getAppointment':              [A,    A,    A,    N,    N,    A,    A,    A,    U,    N],
  'Mutation.createAppointment':        [A,    A,    A,    A,    A,    U,    U,    A,    U,    A],
  'Mutation.editAppointment':          [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
  'Mutation.cancelAppointment':        [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
  'Mutation.setAppointmentStatus':     [A,    A,    A,    N,    N,    U,    U,    A,    U,    N],
  // What booking needs — services, the practice's appointment rules and timezone, the clinicians —
  // goes with seeing appointments.
  'Query.getServicesOffered':          [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Query.getAppointmentSettings':      [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  'Query.listClinicians':              [A,    A,    A,    A,    A,    A,    A,    A,    U,    A],
  // The appointment rules are practice settings: the PracticeDetails gate (owner, admin).
  'Mutation.editAppointmentSettings':  [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  // Progress notes: "own notes" for owner, admin and the clinician roles; owner and admin read all
  // notes (the owner's "everything", admin "as owner"); only the appointment's clinician writes or
  // edits its note (the target note is the owner's). Supervisor, biller, scheduler and
  // coordinators hold no notes.
  'Query.getProgessNoteMetadata':      [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  'Query.getProgressNote':             [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.createProgressNote':       [A,    U,    U,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.editProgressNote':         [A,    U,    N,    N,    N,    U,    U,    U,    U,    N],
  // Consent documents (issue 12): the Documents settings page — the owner's ("settings pages") and
  // clinicianAdmin's ("as owner"); no other role lists it. The target document is the seeded
  // practice's: another practice's owner finds it missing, and works on their own practice's.
  'Query.getConsentDocuments':         [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.addConsentDocument':       [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.editConsentDocument':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  'Mutation.deleteConsentDocument':    [A,    A,    U,    U,    U,    U,    U,    U,    U,    N],
  // Intake forms and their template library: the NotesAndForms settings page — owner and admin.
  'Query.getTemplateLibraryMetadata':  [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Query.getTherapistIntakeFormSettings': [A, A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.setTherapistIntakeFormSettings': [A, A, U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.removeTherapistIntakeFormSettings': [A, A, U, U,    U,    U,    U,    U,    U,    A],
  'Mutation.setTherapistIntakeFormSettingsDefault': [A, A, U, U,  U,    U,    U,    U,    U,    A],
  // A client's documents (issue 12), the Client Portal feature: reading a client's documents and
  // answers goes with reading the client (client.read), accepting answers into the record and sharing
  // documents with editing it (client.edit) — clinicians and the scheduler "clients create/edit", the
  // biller "clients edit". The target is the owner's client: missing for the own-only clinicians and
  // another practice's owner. The client's own side: no team member calls it (see CLIENT_ALLOWED).
  'Query.getClientDocuments':          [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Query.getSignedConsentPdf':         [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.acceptIntakeAnswers':      [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.shareClientDocuments':     [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Query.clientDocuments':             [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.signConsentDocument':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.submitIntakeForm':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  // Client portal access (issue 12) goes with the client's record: reading it needs client read
  // rights on that client, inviting and revoking client edit rights (clinicians and the scheduler
  // "clients create/edit", the biller "clients edit"; supervisor and coordinators none). The target
  // is the owner's client: missing for the own-only clinicians and for another practice's owner.
  'Query.getClientPortalAccess':       [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.inviteClientToPortal':     [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  'Mutation.revokeClientPortalAccess': [A,    A,    A,    N,    N,    U,    A,    A,    U,    N],
  // The portal's settings: the ClientPortal settings page — the owner's and clinicianAdmin's; another
  // practice's owner sets up their own practice's portal.
  'Query.getClientPortalDetails':      [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  'Mutation.addClientPortal':          [A,    A,    U,    U,    U,    U,    U,    U,    U,    A],
  // The client principal's own fields: no team member calls them (see the client rows below).
  'Query.clientMe':                    [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Query.clientAppointments':          [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.editClientProfile':        [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.endClientSession':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  // Secure messaging (issue 12): the SecureMessaging feature; owner and clinicianAdmin (secure.messaging,
  // practice-wide clients) reach every conversation; the clinician roles their own clients' (the target
  // is the owner's client: missing for them), and they list their own; supervisor, biller, scheduler and
  // coordinators reach none; another practice's owner lists their own and finds this practice's missing.
  'Query.listConversations':           [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  'Query.unreadMessageCount':          [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  'Query.listMessages':                [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Query.getMessageAttachmentUrl':     [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.sendMessage':              [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.retractMessage':           [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.markConversationRead':     [A,    A,    N,    N,    N,    U,    U,    U,    U,    N],
  'Mutation.createMessageAttachmentUpload': [A, A,  N,    N,    N,    U,    U,    U,    U,    N],
  'Subscription.onSecureMessage':      [A,    A,    A,    A,    A,    U,    U,    U,    U,    A],
  // The client principal's side of messaging: no team member calls it (see the client rows).
  'Query.clientConversations':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Query.clientMessages':              [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Query.getClientAttachmentUrl':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.sendClientMessage':        [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.retractClientMessage':     [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.markClientConversationRead': [U,  U,    U,    U,    U,    U,    U,    U,    U,    U],
  'Mutation.createClientAttachmentUpload': [U, U,   U,    U,    U,    U,    U,    U,    U,    U],
  'Subscription.onClientMessage':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
};

/**
 * The client principal (issue 12): a signed-in client (group Clients, the seeded demo client linked
 * to the seeded practice) may call only the client fields; every other field is Unauthorized.
 * Written by hand: a client field added to the schema must be listed here to be allowed.
 */
const CLIENT_ALLOWED: string[] = [
  'Query.clientMe', 'Query.clientAppointments', 'Mutation.editClientProfile', 'Mutation.endClientSession',
  // Secure messaging (issue 12), on the client's own conversation.
  'Query.clientConversations', 'Query.clientMessages', 'Query.getClientAttachmentUrl', 'Mutation.sendClientMessage', 'Mutation.retractClientMessage',
  'Mutation.markClientConversationRead', 'Mutation.createClientAttachmentUpload', 'Subscription.onClientMessage',
  // Consent documents and intake forms (issue 12), the client's own.
  'Query.clientDocuments', 'Mutation.signConsentDocument', 'Mutation.submitIntakeForm',
];

const EMAIL_OF: Record<Exclude<Caller, 'otherPractice'>, string> = {
  owner: 'owner', clinicianAdmin: 'admin', clinicianFullClient: 'fullclient', clinicianBasicBilling: 'basicbilling', clinicianBasic: 'basic',
  supervisor: 'supervisor', biller: 'biller', scheduler: 'scheduler', coordinator: 'coordinator',
};
const OTHER_EMAIL = 'other-owner@elsewhere.practiceportal.test';

let runtime: Runtime;
/** A caller of the matrix, or the client principal (the client rows). */
type Who = Caller | 'client';
const tokens = {} as Record<Who, string>;
let otherSub = '';

async function call(who: Who, query: string, variables: Record<string, unknown> = {}) {
  const { body } = await graphql(`${runtime.url}/graphql`, tokens[who], query, variables);
  return body as { data?: any; errors?: Array<{ message: string; errorType?: string }> };
}

/** allowed / Unauthorized / NotFound from a GraphQL answer; anything else fails the test. */
function outcomeOf(body: { data?: any; errors?: Array<{ errorType?: string; message: string }> }, field: string): Outcome {
  const type = body.errors?.[0]?.errorType;
  if (type === 'Unauthorized') return U;
  if (type === 'NotFound') return N;
  if (body.errors) throw new Error(`${field}: unexpected error ${type}`);
  const name = field.split('.')[1];
  return body.data?.[name] === null && ['Query.getClient', 'Query.getAppointment', 'Query.getProgressNote'].includes(field) ? N : A;
}

const clientInput = (first: string) => ({ personalDetail: { first, last: 'Matrix' }, dateOfBirth: '01/01/1990' });

/** Subscribes over the realtime protocol: start_ack → allowed; an error → its type. */
async function subscribe(who: Who, query: string): Promise<Outcome> {
  const host = new URL(runtime.url).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: tokens[who] })).toString('base64url');
  const ws = new WebSocket(`${runtime.url.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const messages: Record<string, any>[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    waiters.splice(0).forEach((w) => w());
  });
  const next = async (pred: (m: Record<string, any>) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 50);
      });
    }
    throw new Error('realtime: no answer');
  };
  await new Promise<void>((r, j) => (ws.once('open', () => r()), ws.once('error', j)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await next((m) => m.type === 'connection_ack');
  ws.send(JSON.stringify({ id: '1', type: 'start', payload: { data: JSON.stringify({ query, variables: {} }), extensions: { authorization: { Authorization: tokens[who], host } } } }));
  const answer = await next((m) => m.id === '1' && (m.type === 'start_ack' || m.type === 'error'));
  ws.close();
  if (answer.type === 'start_ack') return A;
  const type = answer.payload?.errors?.[0]?.errorType;
  if (type === 'Unauthorized') return U;
  throw new Error(`subscription: unexpected ${JSON.stringify(answer.payload)}`);
}

/** One call per schema field, made as `who`; `target` is a client of the seeded practice made for this caller. */
const OPERATIONS: Record<string, (who: Who, target: string) => Promise<Outcome>> = {
  'Query.me': async (who) => outcomeOf(await call(who, '{ me { id practiceId } }'), 'Query.me'),
  'Mutation.logUserAuthEvent': async (who) => outcomeOf(await call(who, 'mutation { logUserAuthEvent(event: LOGIN_SUCCESS) { userId } }'), 'Mutation.logUserAuthEvent'),
  'Subscription.onUserAuthEvent': (who) => subscribe(who, 'subscription { onUserAuthEvent { userId event } }'),
  'Mutation.endSession': async (who) => {
    const outcome = outcomeOf(await call(who, 'mutation { endSession }'), 'Mutation.endSession');
    if (outcome === A) expect(outcomeOf(await call(who, '{ me { id } }'), 'Query.me')).toBe(U);
    // Signing out ends this token's sign-in; forget the sign-out so the caller's token serves the other rows.
    const sub = JSON.parse(Buffer.from(tokens[who].split('.')[1], 'base64url').toString()).sub as string;
    await runtime.dynamo.client.send(new UpdateItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(membershipKey(sub)), UpdateExpression: 'REMOVE signedOutAt, signedOutSessions' }));
    return outcome;
  },
  'Query.getClients': async (who, target) => {
    const body = await call(who, '{ getClients { items { id } nextToken } }');
    // Whoever may list never sees another practice's clients.
    if (who === 'otherPractice' && body.data) expect(body.data.getClients.items.map((c: { id: string }) => c.id)).not.toContain(target);
    return outcomeOf(body, 'Query.getClients');
  },
  'Query.getClient': async (who, target) => outcomeOf(await call(who, 'query ($id: ID!) { getClient(id: $id) { id } }', { id: target }), 'Query.getClient'),
  'Mutation.addClient': async (who) => outcomeOf(await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(`Added${who}`) }), 'Mutation.addClient'),
  'Mutation.editClient': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($id: ID!, $input: ClientInput!) { editClient(id: $id, version: 1, input: $input) { id } }', { id: target, input: clientInput(`Edited${who}`) }), 'Mutation.editClient'),
  'Mutation.removeClient': async (who, target) => outcomeOf(await call(who, 'mutation ($id: ID!) { removeClient(id: $id) { status } }', { id: target }), 'Mutation.removeClient'),
  'Mutation.restoreClient': async (who, target) => {
    // Archived by the owner first; left active again whatever the caller may do.
    const ARCHIVE = 'mutation ($id: ID!) { removeClient(id: $id) { status } }';
    const RESTORE = 'mutation ($id: ID!) { restoreClient(id: $id) { status } }';
    await call('owner', ARCHIVE, { id: target });
    const outcome = outcomeOf(await call(who, RESTORE, { id: target }), 'Mutation.restoreClient');
    if (outcome !== A) await call('owner', RESTORE, { id: target });
    return outcome;
  },
  'Query.getVideoToken': async (who) =>
    outcomeOf(await call(who, 'query ($roomId: ID!) { getVideoToken(roomId: $roomId) { identity } }', { roomId: randomUUID() }), 'Query.getVideoToken'),
  'Query.getPracticeDetails': async (who) => outcomeOf(await call(who, '{ getPracticeDetails { version } }'), 'Query.getPracticeDetails'),
  'Mutation.editPracticeDetails': (who) => editSettings(who, 'PracticeDetails', { name: `Practice of ${who}` }),
  'Query.getBillingSettings': async (who) => outcomeOf(await call(who, '{ getBillingSettings { version } }'), 'Query.getBillingSettings'),
  'Mutation.editBillingSettings': (who) => editSettings(who, 'BillingSettings', { autoplay: true }),
  'Query.getInsuranceSetting': async (who) => outcomeOf(await call(who, '{ getInsuranceSetting { version } }'), 'Query.getInsuranceSetting'),
  'Mutation.editInsuranceSetting': (who) => editSettings(who, 'InsuranceSetting', { serviceLocation: { includeInClaim: true } }),
  'Query.listTeamMembers': async (who) => outcomeOf(await call(who, '{ listTeamMembers { items { id } nextToken } }'), 'Query.listTeamMembers'),
  'Mutation.addTeamMember': async (who) =>
    outcomeOf(await call(who, ADD_MEMBER, { d: { firstName: 'Added', lastName: who, email: `added-${who}-${randomUUID()}@team.practiceportal.test` }, r: ['scheduler'] }), 'Mutation.addTeamMember'),
  'Mutation.editTeamMember': async (who) => {
    editTarget ??= call('owner', ADD_MEMBER, { d: { firstName: 'Edit', lastName: 'Target', email: `edit-target-${randomUUID()}@team.practiceportal.test` }, r: ['biller'] }).then((b) => b.data.addTeamMember);
    const target = await editTarget;
    const edit = 'mutation ($id: ID!, $d: MemberDetailInput!, $r: [String!]!) { editTeamMember(id: $id, memberDetail: $d, grantedRoles: $r) { id } }';
    return outcomeOf(await call(who, edit, { id: target.id, d: { firstName: 'Edited', lastName: who, email: target.email }, r: ['biller'] }), 'Mutation.editTeamMember');
  },
  'Query.getTherapist': async (who) => outcomeOf(await call(who, '{ getTherapist { id version } }'), 'Query.getTherapist'),
  'Mutation.editTherapist': async (who) => {
    const version = (await call(who, '{ getTherapist { version } }')).data?.getTherapist.version ?? 0;
    const input = { person: { first: 'Matrix', last: who, gender: 'x', dob: '01/01/1980', phone: '5125550100' }, address: { line1: '1 Main', city: 'Austin', state: 'TX', zip: '78701' } };
    return outcomeOf(await call(who, 'mutation ($v: Int!, $input: TherapistInput!) { editTherapist(version: $v, input: $input) { version } }', { v: version, input }), 'Mutation.editTherapist');
  },
  'Query.getProfilePhotoUrl': async (who) => outcomeOf(await call(who, '{ getProfilePhotoUrl { url } }'), 'Query.getProfilePhotoUrl'),
  'Mutation.getProfilePhotoUploadUrl': async (who) =>
    outcomeOf(await call(who, 'mutation { getProfilePhotoUploadUrl(contentType: "image/jpeg", size: 1000) { url } }'), 'Mutation.getProfilePhotoUploadUrl'),
  'Mutation.confirmProfilePhoto': async (who) => {
    // Allowed callers upload a real JPEG first; a denied one is refused before any key is looked at.
    const upload = await call(who, `mutation { getProfilePhotoUploadUrl(contentType: "image/jpeg", size: ${MATRIX_JPEG.length}) { key url } }`);
    const key = upload.data?.getProfilePhotoUploadUrl.key ?? `images/all/${randomUUID()}/${randomUUID()}.jpg`;
    if (upload.data) await fetch(upload.data.getProfilePhotoUploadUrl.url, { method: 'PUT', body: new Uint8Array(MATRIX_JPEG), headers: { 'content-type': 'image/jpeg' } });
    return outcomeOf(await call(who, 'mutation ($key: String!) { confirmProfilePhoto(key: $key) { s3path } }', { key }), 'Mutation.confirmProfilePhoto');
  },
  'Query.getProviderPlans': async (who) => outcomeOf(await call(who, '{ getProviderPlans { id amount } }'), 'Query.getProviderPlans'),
  'Query.getCurrentPlan': async (who) => outcomeOf(await call(who, '{ getCurrentPlan { planId } }'), 'Query.getCurrentPlan'),
  'Query.hasEnterpriseSubscription': async (who) => outcomeOf(await call(who, '{ hasEnterpriseSubscription }'), 'Query.hasEnterpriseSubscription'),
  // The seeded practices stay on professional, so the rows after this one are unaffected.
  'Mutation.changePlan': async (who) => outcomeOf(await call(who, 'mutation { changePlan(planId: "professional", teleHealth: false) { planId } }'), 'Mutation.changePlan'),
  'Query.getAppsUsed': async (who) => outcomeOf(await call(who, '{ getAppsUsed { apps { ACT CBT } defaultApp } }'), 'Query.getAppsUsed'),
  'Query.getAppsUsedByTeamOwner': async (who) =>
    outcomeOf(await call(who, 'query ($o: ID!) { getAppsUsedByTeamOwner(teamOwnerId: $o) { apps { DBT } } }', { o: runtime.seed!.practiceId }), 'Query.getAppsUsedByTeamOwner'),
  'Query.getHideCommunitiesForApps': async (who) =>
    outcomeOf(await call(who, 'query ($o: ID) { getHideCommunitiesForApps(teamOwnerId: $o) { app hide } }', { o: runtime.seed!.practiceId }), 'Query.getHideCommunitiesForApps'),
  'Query.getHideHealthNutritionForApps': async (who) =>
    outcomeOf(await call(who, 'query ($o: ID) { getHideHealthNutritionForApps(teamOwnerId: $o) { app food } }', { o: runtime.seed!.practiceId }), 'Query.getHideHealthNutritionForApps'),
  'Mutation.checkUserStatus': async (who) =>
    outcomeOf(await call(who, 'mutation ($e: String!) { checkUserStatus(email: $e) { exists status } }', { e: 'owner@demo.practiceportal.test' }), 'Mutation.checkUserStatus'),
  'Query.listAccountActivity': async (who) => outcomeOf(await call(who, '{ listAccountActivity { items { userId event at } nextToken } }'), 'Query.listAccountActivity'),
  'Query.listAuditTrail': async (who) => {
    const body = await call(who, '{ listAuditTrail { items { actor action } nextToken } }');
    // Another practice's owner sees only their own practice's entries.
    if (who === 'otherPractice' && body.data) expect(body.data.listAuditTrail.items.every((i: { actor: string }) => i.actor === otherSub)).toBe(true);
    return outcomeOf(body, 'Query.listAuditTrail');
  },
  'Query.listAppointments': async (who) =>
    outcomeOf(await call(who, 'query { listAppointments(from: "2040-01-01T00:00:00Z", to: "2040-02-01T00:00:00Z") { items { id } nextToken } }'), 'Query.listAppointments'),
  'Query.getAppointment': async (who, target) => outcomeOf(await call(who, 'query ($id: ID!) { getAppointment(id: $id) { id } }', { id: await ownersAppointment(target) }), 'Query.getAppointment'),
  'Mutation.createAppointment': async (who, target) => {
    // Each books a client they may book, for a clinician they may book: own-only clinicians their own
    // client; the scheduler (no clinician) for the owner; another practice's owner in their practice.
    let clientId = target;
    if (who === 'clinicianBasic' || who === 'clinicianBasicBilling' || who === 'otherPractice') {
      clientId = (await call(who, 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(`Booked${who}`) })).data.addClient.id;
    }
    const input = { clientId, serviceCode: '90834', locationType: 'OFFICE', start: nextSlot(), durationMinutes: 45, ...(who === 'scheduler' ? { clinicianId: runtime.seed!.practiceId } : {}) };
    return outcomeOf(await call(who, 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', { input }), 'Mutation.createAppointment');
  },
  'Mutation.editAppointment': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { editAppointment(id: $id, version: 1, scope: THIS, input: { durationMinutes: 30 }) { id } }', { id: await ownersAppointment(target) }), 'Mutation.editAppointment'),
  'Mutation.cancelAppointment': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { cancelAppointment(id: $id, version: 1, scope: THIS) { id status } }', { id: await ownersAppointment(target) }), 'Mutation.cancelAppointment'),
  'Mutation.setAppointmentStatus': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { setAppointmentStatus(id: $id, version: 1, status: SCHEDULED) { id } }', { id: await ownersAppointment(target) }), 'Mutation.setAppointmentStatus'),
  'Query.getServicesOffered': async (who) => outcomeOf(await call(who, '{ getServicesOffered { code } }'), 'Query.getServicesOffered'),
  'Query.getAppointmentSettings': async (who) => outcomeOf(await call(who, '{ getAppointmentSettings { version timezone } }'), 'Query.getAppointmentSettings'),
  'Query.listClinicians': async (who) => outcomeOf(await call(who, '{ listClinicians { id name } }'), 'Query.listClinicians'),
  'Mutation.editAppointmentSettings': async (who) => {
    const reader: Caller = who === 'otherPractice' ? 'otherPractice' : 'owner';
    const version = (await call(reader, '{ getAppointmentSettings { version } }')).data.getAppointmentSettings.version;
    return outcomeOf(await call(who, 'mutation ($v: Int!) { editAppointmentSettings(version: $v, input: { lateCancelHours: 48 }) { version } }', { v: version }), 'Mutation.editAppointmentSettings');
  },
  'Query.getProgessNoteMetadata': async (who) => outcomeOf(await call(who, '{ getProgessNoteMetadata { templates { template } } }'), 'Query.getProgessNoteMetadata'),
  'Query.getProgressNote': async (who, target) =>
    outcomeOf(await call(who, 'query ($a: ID!) { getProgressNote(appointmentId: $a) { id } }', { a: (await ownersNote(target)).appointmentId }), 'Query.getProgressNote'),
  'Mutation.createProgressNote': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($a: ID!) { createProgressNote(appointmentId: $a, date: "2040-01-01", input: { template: FREE, sections: [{ key: "note", text: "Matrix" }] }) { id } }', { a: await ownersAppointment(target) }), 'Mutation.createProgressNote'),
  'Mutation.editProgressNote': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { editProgressNote(id: $id, input: { version: 1, sections: [{ key: "note", text: "Edited" }] }) { id } }', { id: (await ownersNote(target)).id }), 'Mutation.editProgressNote'),
  'Query.getConsentDocuments': async (who) => outcomeOf(await call(who, '{ getConsentDocuments { items { id } nextToken } }'), 'Query.getConsentDocuments'),
  'Mutation.addConsentDocument': async (who) =>
    outcomeOf(await call(who, 'mutation ($t: String!) { addConsentDocument(title: $t, details: "Matrix text") { id } }', { t: `Consent of ${who}` }), 'Mutation.addConsentDocument'),
  'Mutation.editConsentDocument': async (who) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { editConsentDocument(id: $id, version: 1, title: "Edited", details: "Edited text", included: true) { id } }', { id: await ownersConsent() }), 'Mutation.editConsentDocument'),
  'Mutation.deleteConsentDocument': async (who) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { deleteConsentDocument(id: $id) { id status } }', { id: await ownersConsent() }), 'Mutation.deleteConsentDocument'),
  'Query.getTemplateLibraryMetadata': async (who) => outcomeOf(await call(who, '{ getTemplateLibraryMetadata { formName } }'), 'Query.getTemplateLibraryMetadata'),
  'Query.getTherapistIntakeFormSettings': async (who) => outcomeOf(await call(who, '{ getTherapistIntakeFormSettings { forms { formName } } }'), 'Query.getTherapistIntakeFormSettings'),
  'Mutation.setTherapistIntakeFormSettings': async (who) =>
    outcomeOf(await call(who, 'mutation { setTherapistIntakeFormSettings(formName: "adult-intake") { version } }'), 'Mutation.setTherapistIntakeFormSettings'),
  'Mutation.removeTherapistIntakeFormSettings': async (who) => {
    // The form is chosen first (by the caller's practice's owner), so an allowed removal has something to remove.
    await call(who === 'otherPractice' ? 'otherPractice' : 'owner', 'mutation { setTherapistIntakeFormSettings(formName: "couples-intake") { version } }');
    return outcomeOf(await call(who, 'mutation { removeTherapistIntakeFormSettings(formName: "couples-intake") { version } }'), 'Mutation.removeTherapistIntakeFormSettings');
  },
  'Mutation.setTherapistIntakeFormSettingsDefault': async (who) => {
    await call(who === 'otherPractice' ? 'otherPractice' : 'owner', 'mutation { setTherapistIntakeFormSettings(formName: "minor-intake") { version } }');
    return outcomeOf(await call(who, 'mutation { setTherapistIntakeFormSettingsDefault(formName: "minor-intake", default: true) { defaultForm } }'), 'Mutation.setTherapistIntakeFormSettingsDefault');
  },
  // A client's documents (issue 12). The client signs a fresh included document and fills the practice's default form.
  'Query.clientDocuments': async (who) => outcomeOf(await call(who, '{ clientDocuments { id status } }'), 'Query.clientDocuments'),
  'Mutation.signConsentDocument': async (who) =>
    outcomeOf(
      await call(who, 'mutation ($p: ID!, $d: ID!) { signConsentDocument(practiceId: $p, documentId: $d, version: 1, typedName: "Taylor Brooks", agreed: true) { status } }', { p: runtime.seed!.practiceId, d: await ownersConsent(true) }),
      'Mutation.signConsentDocument',
    ),
  'Mutation.submitIntakeForm': async (who) => {
    await call('owner', 'mutation { setTherapistIntakeFormSettings(formName: "adult-intake") { version } }');
    await call('owner', 'mutation { setTherapistIntakeFormSettingsDefault(formName: "adult-intake", default: true) { version } }');
    const answers = { firstName: 'Taylor', lastName: 'Brooks', dateOfBirth: '05/17/1990', phone: '5035550199', email: 'client@demo.practiceportal.test', emergencyName: 'Sam Brooks', emergencyRelationship: 'Sister', emergencyPhone: '5035550100', reason: 'Matrix', previousTherapy: false, selfHarmThoughts: false, harmOthersThoughts: false };
    return outcomeOf(await call(who, 'mutation ($p: ID!, $a: AWSJSON!) { submitIntakeForm(practiceId: $p, formId: "adult-intake", answers: $a) { status } }', { p: runtime.seed!.practiceId, a: JSON.stringify(answers) }), 'Mutation.submitIntakeForm');
  },
  'Query.getClientDocuments': async (who, target) =>
    outcomeOf(await call(who, 'query ($t: ID!, $c: ID!) { getClientDocuments(therapistId: $t, clientId: $c) { id } }', { t: runtime.seed!.practiceId, c: target }), 'Query.getClientDocuments'),
  'Query.getSignedConsentPdf': async (who, target) => {
    // A signature of a fresh document by the target client, as the client's signing writes it.
    const documentId = await ownersConsent(true);
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Practice'),
      Item: marshall({ PK: `P#${runtime.seed!.practiceId}`, SK: `ConsentSig#${target}#${documentId}#000001`, practiceId: runtime.seed!.practiceId, clientId: target, documentId, version: 1, title: 'Matrix consent', typedName: 'Matrix Client', agreed: true, signedAt: new Date().toISOString(), ip: '127.0.0.1' }),
    }));
    return outcomeOf(await call(who, 'query ($c: ID!, $d: ID!) { getSignedConsentPdf(clientId: $c, documentId: $d, version: 1) { fileName } }', { c: target, d: documentId }), 'Query.getSignedConsentPdf');
  },
  'Mutation.acceptIntakeAnswers': async (who, target) => {
    // Pending answers on the target client, as the client would have sent them (written to the table: the target has no portal account).
    const submissionId = randomUUID();
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Practice'),
      Item: marshall({ PK: `P#${runtime.seed!.practiceId}`, SK: `IntakeAnswers#${target}#${submissionId}`, practiceId: runtime.seed!.practiceId, clientId: target, submissionId, formName: 'adult-intake', answers: { phone: '+15035550123' }, status: 'pending', submittedAt: new Date().toISOString() }),
    }));
    return outcomeOf(await call(who, 'mutation ($c: ID!, $s: ID!) { acceptIntakeAnswers(clientId: $c, submissionId: $s, clientVersion: 1) { version } }', { c: target, s: submissionId }), 'Mutation.acceptIntakeAnswers');
  },
  'Mutation.shareClientDocuments': async (who) => {
    const c = await ownersClientWithEmail(who);
    await call('owner', 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c });
    return outcomeOf(await call(who, 'mutation ($c: ID!, $d: [ID!]!) { shareClientDocuments(clientId: $c, documents: $d) { emailed } }', { c, d: [await ownersConsent()] }), 'Mutation.shareClientDocuments');
  },
  'Mutation.removeTeamMember': async (who) =>
    outcomeOf(await call(who, 'mutation ($id: ID!) { removeTeamMember(id: $id) { status } }', { id: await freshMember('scheduler') }), 'Mutation.removeTeamMember'),
  // Client portal access: each call on a fresh client of the owner's with an e-mail (invitations need one).
  'Query.getClientPortalAccess': async (who) =>
    outcomeOf(await call(who, 'query ($c: ID!) { getClientPortalAccess(clientId: $c) { state } }', { c: await ownersClientWithEmail(who) }), 'Query.getClientPortalAccess'),
  'Mutation.inviteClientToPortal': async (who) =>
    outcomeOf(await call(who, 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c: await ownersClientWithEmail(who) }), 'Mutation.inviteClientToPortal'),
  'Mutation.revokeClientPortalAccess': async (who) => {
    const c = await ownersClientWithEmail(who);
    await call('owner', 'mutation ($c: ID!) { inviteClientToPortal(clientId: $c) { state } }', { c });
    return outcomeOf(await call(who, 'mutation ($c: ID!) { revokeClientPortalAccess(clientId: $c) { state } }', { c }), 'Mutation.revokeClientPortalAccess');
  },
  'Query.getClientPortalDetails': async (who) => outcomeOf(await call(who, '{ getClientPortalDetails { enabled name } }'), 'Query.getClientPortalDetails'),
  // Left enabled under the seeded name, so the client rows still reach the seeded practice.
  'Mutation.addClientPortal': async (who) =>
    outcomeOf(await call(who, 'mutation { addClientPortal(name: "Owens Family Therapy — client portal", enabled: true) { enabled } }'), 'Mutation.addClientPortal'),
  'Query.clientMe': async (who) => outcomeOf(await call(who, '{ clientMe { email practices { practiceId } } }'), 'Query.clientMe'),
  'Query.clientAppointments': async (who) => outcomeOf(await call(who, '{ clientAppointments { items { id } nextToken } }'), 'Query.clientAppointments'),
  'Mutation.endClientSession': async (who) => {
    const outcome = outcomeOf(await call(who, 'mutation { endClientSession }'), 'Mutation.endClientSession');
    if (outcome === A) expect(outcomeOf(await call(who, '{ clientMe { email } }'), 'Query.clientMe')).toBe(U);
    // Forget the sign-out so the client's token serves the other rows.
    const sub = JSON.parse(Buffer.from(tokens[who].split('.')[1], 'base64url').toString()).sub as string;
    await runtime.dynamo.client.send(new DeleteItemCommand({ TableName: tableName('local', 'Directory'), Key: marshall(clientSessionKey(sub)) }));
    return outcome;
  },
  'Mutation.editClientProfile': async (who) =>
    outcomeOf(await call(who, 'mutation ($p: ID!) { editClientProfile(practiceId: $p, preferredChannel: "email") { practiceId } }', { p: runtime.seed!.practiceId }), 'Mutation.editClientProfile'),
  // Secure messaging (issue 12): the target's conversation; a client caller uses their own (their only link).
  'Query.listConversations': async (who) => outcomeOf(await call(who, '{ listConversations { items { id } nextToken } }'), 'Query.listConversations'),
  'Query.unreadMessageCount': async (who) => outcomeOf(await call(who, '{ unreadMessageCount }'), 'Query.unreadMessageCount'),
  'Query.listMessages': async (who, target) =>
    outcomeOf(await call(who, 'query ($c: ID!) { listMessages(conversationId: $c) { items { id } nextToken } }', { c: conversationOf(target) }), 'Query.listMessages'),
  'Query.getMessageAttachmentUrl': async (who, target) => {
    const attachment = await attachedPdf('owner', conversationOf(target), 'Mutation.sendMessage');
    return outcomeOf(await call(who, 'query ($c: ID!, $a: ID!) { getMessageAttachmentUrl(conversationId: $c, attachmentId: $a) { url } }', { c: conversationOf(target), a: attachment }), 'Query.getMessageAttachmentUrl');
  },
  'Mutation.sendMessage': async (who, target) => outcomeOf(await call(who, SEND_MESSAGE, { c: conversationOf(target), t: `Matrix ${who}` }), 'Mutation.sendMessage'),
  'Mutation.retractMessage': async (who, target) => {
    // Allowed callers retract their own fresh message; the others try the owner's.
    const own = await call(who, SEND_MESSAGE, { c: conversationOf(target), t: 'To retract' });
    const id = own.data?.sendMessage.id ?? (await call('owner', SEND_MESSAGE, { c: conversationOf(target), t: 'To retract' })).data.sendMessage.id;
    return outcomeOf(await call(who, 'mutation ($c: ID!, $m: ID!) { retractMessage(conversationId: $c, messageId: $m) { id } }', { c: conversationOf(target), m: id }), 'Mutation.retractMessage');
  },
  'Mutation.markConversationRead': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($c: ID!) { markConversationRead(conversationId: $c) { unreadCount } }', { c: conversationOf(target) }), 'Mutation.markConversationRead'),
  'Mutation.createMessageAttachmentUpload': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($c: ID!) { createMessageAttachmentUpload(conversationId: $c, fileName: "a.pdf", contentType: "application/pdf", size: 100) { id } }', { c: conversationOf(target) }), 'Mutation.createMessageAttachmentUpload'),
  'Subscription.onSecureMessage': async (who) => subscribe(who, 'subscription { onSecureMessage { id } }'),
  'Query.clientConversations': async (who) => outcomeOf(await call(who, '{ clientConversations { id } }'), 'Query.clientConversations'),
  'Query.clientMessages': async (who, target) =>
    outcomeOf(await call(who, 'query ($c: ID!) { clientMessages(conversationId: $c) { items { id } } }', { c: await clientConversationOf(who, target) }), 'Query.clientMessages'),
  'Query.getClientAttachmentUrl': async (who, target) => {
    const c = await clientConversationOf(who, target);
    const attachment = who === 'client' ? await attachedPdf('client', c, 'Mutation.sendClientMessage') : 'none';
    return outcomeOf(await call(who, 'query ($c: ID!, $a: ID!) { getClientAttachmentUrl(conversationId: $c, attachmentId: $a) { url } }', { c, a: attachment }), 'Query.getClientAttachmentUrl');
  },
  'Mutation.sendClientMessage': async (who, target) =>
    outcomeOf(await call(who, SEND_CLIENT_MESSAGE, { c: await clientConversationOf(who, target), t: 'Matrix' }), 'Mutation.sendClientMessage'),
  'Mutation.retractClientMessage': async (who, target) => {
    const c = await clientConversationOf(who, target);
    const own = await call(who, SEND_CLIENT_MESSAGE, { c, t: 'To retract' });
    return outcomeOf(await call(who, 'mutation ($c: ID!, $m: ID!) { retractClientMessage(conversationId: $c, messageId: $m) { id } }', { c, m: own.data?.sendClientMessage.id ?? 'none' }), 'Mutation.retractClientMessage');
  },
  'Mutation.markClientConversationRead': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($c: ID!) { markClientConversationRead(conversationId: $c) { unreadCount } }', { c: await clientConversationOf(who, target) }), 'Mutation.markClientConversationRead'),
  'Mutation.createClientAttachmentUpload': async (who, target) =>
    outcomeOf(await call(who, 'mutation ($c: ID!) { createClientAttachmentUpload(conversationId: $c, fileName: "a.pdf", contentType: "application/pdf", size: 100) { id } }', { c: await clientConversationOf(who, target) }), 'Mutation.createClientAttachmentUpload'),
  'Subscription.onClientMessage': async (who) => subscribe(who, 'subscription { onClientMessage { id } }'),
};

let portalClients = 0;
/** A fresh client of the seeded practice's owner with an e-mail address. */
async function ownersClientWithEmail(who: Who): Promise<string> {
  portalClients += 1;
  const input = { ...clientInput(`Portal${who}`), contact: { email: `matrix-portal-${portalClients}@clients.practiceportal.test` } };
  return (await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input })).data.addClient.id;
}

const SEND_MESSAGE = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId } }';
const SEND_CLIENT_MESSAGE = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendClientMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId } }';
/** The conversation of a client of the seeded practice. */
const conversationOf = (clientId: string) => `${runtime.seed!.practiceId}.${clientId}`;
/** A client caller's own conversation (their only link); for anyone else, the target's. */
async function clientConversationOf(who: Who, target: string): Promise<string> {
  if (who !== 'client') return conversationOf(target);
  return (await call('client', '{ clientConversations { id } }')).data.clientConversations[0].id;
}
/** A PDF uploaded by `who` and sent on conversation `c` (with sendMessage or sendClientMessage); its attachment id. */
async function attachedPdf(who: Who, c: string, send: 'Mutation.sendMessage' | 'Mutation.sendClientMessage'): Promise<string> {
  const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
  const field = send === 'Mutation.sendMessage' ? 'createMessageAttachmentUpload' : 'createClientAttachmentUpload';
  const up = (await call(who, `mutation ($c: ID!, $s: Int!) { ${field}(conversationId: $c, fileName: "a.pdf", contentType: "application/pdf", size: $s) { id url } }`, { c, s: pdf.length })).data[field];
  await fetch(up.url, { method: 'PUT', body: Buffer.from(pdf), headers: { 'content-type': 'application/pdf' } });
  await call(who, send === 'Mutation.sendMessage' ? SEND_MESSAGE : SEND_CLIENT_MESSAGE, { c, t: 'Attached', a: [up.id] });
  return up.id;
}

let slot = 0;
/** A start no other matrix appointment uses (the practice forbids double-booking). */
function nextSlot(): string {
  slot += 1;
  return new Date(Date.UTC(2040, 0, 1) + slot * 3600_000).toISOString();
}
/** A fresh appointment of the seeded practice's owner, with the owner's client `clientId`, version 1. */
async function ownersAppointment(clientId: string): Promise<string> {
  const out = await call('owner', 'mutation ($input: AppointmentInput!) { createAppointment(input: $input) { id } }', { input: { clientId, serviceCode: '90834', locationType: 'OFFICE', start: nextSlot(), durationMinutes: 45 } });
  return out.data.createAppointment[0].id;
}
/** A fresh note written by the owner on their fresh appointment, version 1. */
async function ownersNote(clientId: string): Promise<{ id: string; appointmentId: string }> {
  const appointmentId = await ownersAppointment(clientId);
  const out = await call('owner', 'mutation ($a: ID!) { createProgressNote(appointmentId: $a, date: "2040-01-01", input: { template: FREE, sections: [{ key: "note", text: "Owner note" }] }) { id appointmentId } }', { a: appointmentId });
  return out.data.createProgressNote;
}

/** A fresh consent document of the seeded practice (written by its owner), version 1; included: sent to every client. */
async function ownersConsent(included = false): Promise<string> {
  const out = await call('owner', 'mutation ($i: Boolean) { addConsentDocument(title: "Matrix consent", details: "Matrix text", included: $i) { id } }', { i: included });
  return out.data.addConsentDocument.id;
}

let memberCount = 0;
/** Adds a fresh member of the seeded practice (as its owner) and returns their id. */
async function freshMember(role: string): Promise<string> {
  memberCount += 1;
  const out = await call('owner', ADD_MEMBER, { d: { firstName: 'Matrix', lastName: `Member${memberCount}`, email: `matrix-${memberCount}-${randomUUID()}@team.practiceportal.test` }, r: [role] });
  return out.data.addTeamMember.id;
}
const ADD_MEMBER = 'mutation ($d: MemberDetailInput!, $r: [String!]!) { addTeamMember(memberDetail: $d, grantedRoles: $r) { id email } }';
let editTarget: Promise<{ id: string; email: string }> | null = null;

/** Edits a settings item at its current version (read as the owner of the caller's practice, so a denied read does not hide the edit's answer). */
async function editSettings(who: Who, kind: 'PracticeDetails' | 'BillingSettings' | 'InsuranceSetting', input: Record<string, unknown>): Promise<Outcome> {
  const reader: Caller = who === 'otherPractice' ? 'otherPractice' : 'owner';
  const version = (await call(reader, `{ get${kind} { version } }`)).data[`get${kind}`].version;
  return outcomeOf(await call(who, `mutation ($version: Int!, $input: ${kind}Input!) { edit${kind}(version: $version, input: $input) { version } }`, { version, input }), `Mutation.edit${kind}`);
}

function schemaFields(): string[] {
  const doc = parse(readFileSync(resolve(import.meta.dirname, '../../schema.graphql'), 'utf8'));
  const fields: string[] = [];
  for (const def of doc.definitions) {
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && ['Query', 'Mutation', 'Subscription'].includes(def.name.value)) {
      for (const f of (def as ObjectTypeDefinitionNode | ObjectTypeExtensionNode).fields ?? []) fields.push(`${def.name.value}.${f.name.value}`);
    }
  }
  return fields.sort();
}

beforeAll(async () => {
  runtime = await startRuntime({ port: 0, dataDir: null });
  otherSub = await addPractice(runtime, OTHER_EMAIL);
  await Promise.all([
    ...CALLERS.filter((c) => c !== 'otherPractice').map(async (c) => {
      tokens[c] = (await signInSeeded(runtime.url, `${EMAIL_OF[c as Exclude<Caller, 'otherPractice'>]}@demo.practiceportal.test`, DEMO_PASSWORD)).accessToken;
    }),
    signInSeeded(runtime.url, OTHER_EMAIL, DEMO_PASSWORD).then((t) => (tokens.otherPractice = t.accessToken)),
    signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD).then((t) => (tokens.client = t.accessToken)),
  ]);
});
afterAll(async () => {
  await runtime?.stop();
});

describe('authorization matrix', () => {
  it('has exactly one hand-written row per schema field, and a call for each', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(schemaFields());
    expect(Object.keys(OPERATIONS).sort()).toEqual(schemaFields());
    for (const row of Object.values(EXPECTED)) expect(row).toHaveLength(CALLERS.length);
    expect(DEMO_ACCOUNTS.map((a) => a.roles[0] ?? 'coordinator').sort()).toEqual(CALLERS.filter((c) => c !== 'otherPractice').sort());
  });

  it('every field × every caller answers exactly as the spec says', async () => {
    const actual: Record<string, Outcome[]> = {};
    for (const field of schemaFields()) {
      actual[field] = [];
      for (const who of CALLERS) {
        // A fresh client of the seeded practice (the owner's) per call, so edits and removals never collide.
        const created = await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput(`Target${who}`) });
        actual[field].push(await OPERATIONS[field](who, created.data.addClient.id));
      }
    }
    expect(actual).toEqual(EXPECTED);
    // Over 130 fields × 10 callers, each call a real request (issue 12 added some 40 fields): more than the integration default.
  }, 420_000);

  it("takes a role change or a removal into account on the member's very next request", async () => {
    const key = marshall(membershipKey(otherSub));
    expect(outcomeOf(await call('otherPractice', '{ getClients { nextToken } }'), 'Query.getClients')).toBe(A);
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      Item: marshall({ ...membershipKey(otherSub), practiceId: otherSub, roles: ['supervisor'], groups: ['TeamMembers'], plan: 'professional' }),
    }));
    expect(outcomeOf(await call('otherPractice', '{ getClients { nextToken } }'), 'Query.getClients')).toBe(U);
    expect(outcomeOf(await call('otherPractice', '{ me { id } }'), 'Query.me')).toBe(A);
    await runtime.dynamo.client.send(new DeleteItemCommand({ TableName: tableName('local', 'Directory'), Key: key }));
    expect(outcomeOf(await call('otherPractice', '{ me { id } }'), 'Query.me')).toBe(U);
  });
});

describe('the client principal (issue 12)', () => {
  it('a signed-in client calls the client fields only: every other field is Unauthorized', async () => {
    const actual: Record<string, Outcome> = {};
    const expected: Record<string, Outcome> = {};
    for (const field of schemaFields()) {
      const created = await call('owner', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: clientInput('TargetClient') });
      actual[field] = await OPERATIONS[field]('client', created.data.addClient.id);
      expected[field] = CLIENT_ALLOWED.includes(field) ? A : U;
    }
    expect(actual).toEqual(expected);
  });

  it('client A and client B each reach only their own practice and record; another practice’s ids are refused', async () => {
    // The other practice's owner again (the test above removed them), then client B: a client of that practice, invited there and signed in.
    await runtime.dynamo.client.send(new PutItemCommand({
      TableName: tableName('local', 'Directory'),
      Item: marshall({ ...membershipKey(otherSub), GSI1PK: `P#${otherSub}`, GSI1SK: `USER#${otherSub}`, practiceId: otherSub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email: OTHER_EMAIL }),
    }));
    await call('otherPractice', 'mutation { addClientPortal(name: "Other portal") { enabled } }');
    const emailB = `client-b-${randomUUID()}@clients.practiceportal.test`;
    const added = await call('otherPractice', 'mutation ($input: ClientInput!) { addClient(input: $input) { id } }', { input: { ...clientInput('ClientB'), contact: { email: emailB } } });
    const clientB = added.data.addClient.id as string;
    const token = await inviteClient(runtime, tokens.otherPractice, clientB, emailB);
    expect((await publicCall(runtime, 'acceptClientInvitation', { token, password: 'ClientB1pass' })).status).toBe(200);
    const tokenB = await firstClientSignIn(runtime, emailB, 'ClientB1pass');
    const meB = (await graphql(`${runtime.url}/graphql`, tokenB, '{ clientMe { practices { practiceId clientId } } }')).body as any;
    expect(meB.data.clientMe.practices).toEqual([{ practiceId: otherSub, clientId: clientB }]);
    const meA = (await call('client', '{ clientMe { practices { practiceId clientId } } }')).data.clientMe.practices;
    expect(meA.map((p: { practiceId: string }) => p.practiceId)).toEqual([runtime.seed!.practiceId]);
    // Each editing at the other's practice: refused, nothing written.
    const EDIT = 'mutation ($p: ID!) { editClientProfile(practiceId: $p, phone: "5035550111") { phone } }';
    expect(outcomeOf(await call('client', EDIT, { p: otherSub }), 'Mutation.editClientProfile')).toBe(U);
    expect(outcomeOf((await graphql(`${runtime.url}/graphql`, tokenB, EDIT, { p: runtime.seed!.practiceId })).body as any, 'Mutation.editClientProfile')).toBe(U);
    const seen = await call('owner', 'query ($id: ID!) { getClient(id: $id) { contact { phone } } }', { id: meA[0].clientId });
    expect(seen.data.getClient.contact?.phone ?? null).not.toBe('+15035550111');
    // B's appointments are B's practice's only (none booked): A's are not among them.
    const apptsB = (await graphql(`${runtime.url}/graphql`, tokenB, '{ clientAppointments { items { practiceId } } }')).body as any;
    expect(apptsB.data.clientAppointments.items).toEqual([]);
    // The other practice turns its portal off: B is refused on the next request, A is not.
    await call('otherPractice', 'mutation { addClientPortal(name: "Other portal", enabled: false) { enabled } }');
    expect(outcomeOf((await graphql(`${runtime.url}/graphql`, tokenB, '{ clientMe { email } }')).body as any, 'Query.clientMe')).toBe(U);
    expect(outcomeOf(await call('client', '{ clientMe { email } }'), 'Query.clientMe')).toBe(A);
  });
});
