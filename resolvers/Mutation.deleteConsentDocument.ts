/**
 * Mutation.deleteConsentDocument(id) (data source: PracticeTable): consent documents are never
 * deleted — the head loaded by ConsentDoc.load is archived (status ARCHIVED, moved to the archived
 * list), its versions and every signature stay. Archiving an archived document changes nothing.
 */
import { runtime, util, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { CONSENT_STATUS, consentKey, consentListPartition, toConsentDocument } from '../domain/documents/consent.ts';
import { MESSAGES } from '../domain/messages.ts';
import type { ResolverContext } from './shared/context.ts';
import type { MutationDeleteConsentDocumentArgs } from '../domain/graphql.generated.ts';

type Ctx = ResolverContext<MutationDeleteConsentDocumentArgs>;

export function request(ctx: Ctx): DynamoDBUpdateItemRequest {
  const caller = ctx.stash.caller;
  const head = ctx.stash.consentDoc as Record<string, unknown>;
  if (head.status === CONSENT_STATUS.archived) {
    ctx.stash.audit = { action: 'consent.archive', entityType: 'ConsentDocument', entityId: head.id as string };
    runtime.earlyReturn(toConsentDocument(head));
  }
  const now = util.time.nowISO8601();
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(consentKey(caller.practiceId, head.id as string)),
    update: {
      expression: 'SET #status = :archived, #archivedAt = :now, #updatedAt = :now, #updatedBy = :sub, #gsi1pk = :archivedList',
      expressionNames: { '#status': 'status', '#archivedAt': 'archivedAt', '#updatedAt': 'updatedAt', '#updatedBy': 'updatedBy', '#gsi1pk': 'GSI1PK' },
      expressionValues: util.dynamodb.toMapValues({ ':archived': CONSENT_STATUS.archived, ':now': now, ':sub': caller.sub, ':archivedList': consentListPartition(caller.practiceId, true) }),
    },
    condition: { expression: 'attribute_exists(PK) AND #version = :version', expressionNames: { '#version': 'version' }, expressionValues: util.dynamodb.toMapValues({ ':version': head.version }) },
  };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(MESSAGES.consentChanged, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  const doc = toConsentDocument(ctx.result as Record<string, unknown>);
  ctx.stash.audit = { action: 'consent.archive', entityType: 'ConsentDocument', entityId: doc.id as string };
  return doc;
}
