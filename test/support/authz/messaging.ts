/**
 * Authorization matrix rows: secure messaging, the practice's side and the client's (issue 12).
 * Columns: CALLERS (test/support/authz/matrix.ts).
 */
import { A, N, U, call, outcomeOf, seededPracticeId, subscribe, type AuthzDomain, type Who } from './matrix.ts';

const SEND_MESSAGE = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId } }';
const SEND_CLIENT_MESSAGE = 'mutation ($c: ID!, $t: String, $a: [ID!]) { sendClientMessage(conversationId: $c, text: $t, attachmentIds: $a) { id conversationId practiceId clientId therapistId } }';
/** The conversation of a client of the seeded practice. */
const conversationOf = (clientId: string) => `${seededPracticeId()}.${clientId}`;
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

export const messaging: AuthzDomain = {
  // prettier-ignore
  /**                                     owner admin full  bBill basic super biller sched coord other */
  expected: {
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
    // The client principal's side of messaging: no team member calls it (see clientAllowed).
    'Query.clientConversations':         [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.clientMessages':              [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Query.getClientAttachmentUrl':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.sendClientMessage':        [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.retractClientMessage':     [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.markClientConversationRead': [U,  U,    U,    U,    U,    U,    U,    U,    U,    U],
    'Mutation.createClientAttachmentUpload': [U, U,   U,    U,    U,    U,    U,    U,    U,    U],
    'Subscription.onClientMessage':      [U,    U,    U,    U,    U,    U,    U,    U,    U,    U],
  },
  operations: {
    // The target's conversation; a client caller uses their own (their only link).
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
  },
  // Secure messaging (issue 12), on the client's own conversation.
  clientAllowed: [
    'Query.clientConversations', 'Query.clientMessages', 'Query.getClientAttachmentUrl', 'Mutation.sendClientMessage', 'Mutation.retractClientMessage',
    'Mutation.markClientConversationRead', 'Mutation.createClientAttachmentUpload', 'Subscription.onClientMessage',
  ],
};
