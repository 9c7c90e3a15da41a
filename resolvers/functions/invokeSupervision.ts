/**
 * Supervision.invoke (data source: Lambda:supervision; issue 18): supervision assignments and
 * co-signature. Sends the caller's sub, practice, roles and groups (from the membership, as
 * authorize stashed them); listNotesAwaitingCosign's page token is sealed here to the caller and
 * the field (resolvers/shared/page-token.ts), the Lambda sees only its own cursor. Every call gets
 * its audit note for the `audit` step (ids only).
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { memberInvoke, sealedPage } from '../shared/member-invoke.ts';
import type { ResolverContext } from '../shared/context.ts';

type Row = Record<string, unknown>;
type Ctx = ResolverContext<Row>;

const ACTIONS: Record<string, string> = {
  listSupervisions: 'supervision.read',
  setSupervisors: 'supervision.update',
  listNotesAwaitingCosign: 'note.cosign.list',
  getSupervisedNote: 'note.read.supervision',
  cosignProgressNote: 'note.cosign',
  returnProgressNote: 'note.return',
  getNoteCosign: 'note.cosign.read',
  getPayerClaimSettings: 'payer.setting.read',
  setPayerClaimSetting: 'payer.setting.update',
};

export function request(ctx: Ctx): LambdaRequest {
  return memberInvoke(ctx, ctx.info.fieldName === 'listNotesAwaitingCosign' ? [] : null);
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as Row;
  const field = ctx.info.fieldName;
  const args = ctx.args;
  if (field === 'listNotesAwaitingCosign') {
    ctx.stash.audit = { action: ACTIONS[field], entityType: 'ProgressNote', entityId: null, entityIds: (result.items as Row[]).map((r) => r.noteId as string) };
    return sealedPage(ctx, result.items, result.nextToken, []);
  }
  if (field === 'listSupervisions' || field === 'setSupervisors') {
    ctx.stash.audit = { action: ACTIONS[field], entityType: 'TeamMember', entityId: field === 'setSupervisors' ? (args.clinicianId as string) : null };
    return result;
  }
  if (field === 'getPayerClaimSettings' || field === 'setPayerClaimSetting') {
    ctx.stash.audit = { action: ACTIONS[field], entityType: 'Payer', entityId: field === 'setPayerClaimSetting' ? (args.payerId as string) : null };
    return result;
  }
  const noteId = (args.noteId || args.id) as string;
  ctx.stash.audit = { action: ACTIONS[field], entityType: 'ProgressNote', entityId: noteId };
  return result;
}
