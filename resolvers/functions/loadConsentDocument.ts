/**
 * ConsentDoc.load (data source: PracticeTable): the head item of the document `ctx.args.id` in the
 * caller's practice (the key from the membership, never from arguments). Missing, malformed or
 * another practice's: the same NotFound.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from '../shared/errors.ts';
import { consentKey, isDocumentId } from '../../domain/documents/consent.ts';
import { MESSAGES } from '../../domain/messages.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationDeleteConsentDocumentArgs, MutationEditConsentDocumentArgs } from '../../domain/graphql.generated.ts';

type Ctx = ResolverContext<SharedArgs<MutationEditConsentDocumentArgs | MutationDeleteConsentDocumentArgs>>;

export function request(ctx: Ctx): DynamoDBGetItemRequest {
  if (!isDocumentId(ctx.args.id)) {
    util.error(MESSAGES.consentNotFound, 'NotFound');
  }
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(consentKey(ctx.stash.caller.practiceId, ctx.args.id as string)), consistentRead: true };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const item = ctx.result as Record<string, unknown> | null;
  if (!item) {
    util.error(MESSAGES.consentNotFound, 'NotFound');
  }
  ctx.stash.consentDoc = item;
  return item;
}
