/**
 * companion: AppSync Lambda data source of the companion apps (issue 14), both principals.
 *
 * Client principal (after authorizeClient; payload {field, client: {sub}, cursor, args}):
 * postCompanionEntry, myCompanionEntries, myCompanionSharing, setCompanionSharing,
 * acceptCompanionInvitation — client-side.ts; myAppSettings — flags.ts.
 * Member (after authorize, and ClientAccess.client for a client's fields; payload {field, caller:
 * {sub, practiceId, scope}, clientId, cursor, args}): getCompanionSharing, inviteClientToShare,
 * listCompanionClients, getClientCompanionEntries, getClientCompanionStats — practice-side.ts;
 * setAppHideFlags — flags.ts.
 * Payload: resolvers/functions/invokeCompanion.ts. Logs carry error names only.
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { acceptInvitation, myEntries, mySharing, postEntry, setSharing } from './client-side.ts';
import { appClients, clientEntries, clientStats, invite, sharingOf, type MemberCaller } from './practice-side.ts';
import { appSettings, setHideFlags } from './flags.ts';
import type { Item } from './store.ts';

export interface CompanionRequest {
  field: string;
  client?: { sub: string } | null;
  caller?: MemberCaller | null;
  clientId?: string | null;
  cursor?: string | null;
  args: Item;
}

export async function run(request: CompanionRequest, now = new Date()): Promise<unknown> {
  const args = request.args ?? {};
  const at = now.toISOString();
  if (request.client?.sub) {
    const sub = request.client.sub;
    switch (request.field) {
      case 'postCompanionEntry': return postEntry(sub, args.input as Item, now);
      case 'myCompanionEntries': return myEntries(sub, args, request.cursor ?? null);
      case 'myCompanionSharing': return mySharing(sub);
      case 'setCompanionSharing': return setSharing(sub, args, at);
      case 'acceptCompanionInvitation': return acceptInvitation(sub, args, at);
      case 'myAppSettings': return appSettings(sub, args);
    }
  } else if (request.caller?.practiceId) {
    const caller = request.caller;
    if (request.field === 'listCompanionClients') return appClients(caller, args);
    if (request.field === 'setAppHideFlags') return setHideFlags(caller.practiceId, caller.sub, args.input, now);
    const clientId = request.clientId;
    if (!clientId) throw new Refusal('Client not found', 'NotFound');
    switch (request.field) {
      case 'getCompanionSharing': return sharingOf(caller, clientId);
      case 'inviteClientToShare': return invite(caller, clientId, args, now);
      case 'getClientCompanionEntries': return clientEntries(caller, clientId, args, request.cursor ?? null);
      case 'getClientCompanionStats': return clientStats(caller, clientId, args, now);
    }
  }
  throw new Error(`companion: unknown field ${request.field}`);
}

export const handler = appsyncHandler('companion', (event: CompanionRequest) => run(event));
