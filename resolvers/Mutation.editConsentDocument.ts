/**
 * Mutation.editConsentDocument(id, version, title, details, included) (data source: PracticeTable):
 * a new version of the document loaded by ConsentDoc.load, if `version` is still the current one
 * and the document is not archived. The head moves to version + 1 and the new version's snapshot
 * is written beside the old ones (never rewritten: signatures bind to the exact version). The
 * condition re-checks version and status at write time, so two concurrent edits cannot both win.
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { consentWrite } from './shared/consent-writes.ts';
import { firstConditionFailed } from './shared/client-writes.ts';
import { CONSENT_STATUS, consentHeadItem, consentVersionItem, nextConsentMeta, toConsentDocument } from '../domain/documents/consent.ts';
import { MESSAGES } from '../domain/messages.ts';
import type { ResolverContext } from './shared/context.ts';
import type { MutationEditConsentDocumentArgs } from '../domain/graphql.generated.ts';

type Ctx = ResolverContext<MutationEditConsentDocumentArgs>;

export function request(ctx: Ctx): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const head = ctx.stash.consentDoc as Record<string, unknown>;
  if (head.status !== CONSENT_STATUS.active) {
    util.error(MESSAGES.consentArchived, 'ConflictError');
  }
  if (ctx.args.version !== head.version) {
    util.error(MESSAGES.consentChanged, 'ConflictError');
  }
  const now = util.time.nowISO8601();
  const data = ctx.stash.consentInput;
  const meta = nextConsentMeta(head, data, now, caller.sub);
  const next = consentHeadItem(caller.practiceId, head.id as string, data, meta);
  ctx.stash.written = next;
  return consentWrite(
    ctx,
    next,
    {
      expression: 'attribute_exists(PK) AND #version = :version AND #status = :active',
      expressionNames: { '#version': 'version', '#status': 'status' },
      expressionValues: util.dynamodb.toMapValues({ ':version': head.version, ':active': CONSENT_STATUS.active }),
      returnValuesOnConditionCheckFailure: false,
    },
    consentVersionItem(caller.practiceId, head.id as string, data, meta.version, now, caller.sub),
  );
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    if (firstConditionFailed(ctx)) {
      util.error(MESSAGES.consentChanged, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  const doc = toConsentDocument(ctx.stash.written);
  ctx.stash.audit = { action: 'consent.update', entityType: 'ConsentDocument', entityId: doc.id as string };
  return doc;
}
