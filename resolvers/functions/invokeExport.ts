/**
 * Export.invoke (data source: Lambda:export; issue 18): the data export's jobs and download links.
 * Sends the caller's sub, practice, roles and groups (from the membership, as authorize stashed
 * them). Audited by the `audit` step: starting an export (the practice, or the one client of a
 * records request), reading a job — and handing out its download link — and listing them; ids only.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import { memberInvoke } from '../shared/member-invoke.ts';
import type { ResolverContext } from '../shared/context.ts';

type Row = Record<string, unknown>;
type Ctx = ResolverContext<Row>;

export function request(ctx: Ctx): LambdaRequest {
  return memberInvoke(ctx, null);
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx);
  const field = ctx.info.fieldName;
  if (field === 'listDataExports') {
    ctx.stash.audit = { action: 'data.export.list', entityType: 'DataExport', entityId: null, entityIds: (result as Row[]).map((r) => r.id as string) };
    return result;
  }
  const job = result as Row;
  if (field === 'startDataExport') {
    ctx.stash.audit = { action: job.clientId ? 'data.export.client' : 'data.export.start', entityType: job.clientId ? 'Client' : 'DataExport', entityId: (job.clientId || job.id) as string };
    return result;
  }
  ctx.stash.audit = { action: job.downloadUrl ? 'data.export.download' : 'data.export.read', entityType: 'DataExport', entityId: job.id as string };
  return result;
}
