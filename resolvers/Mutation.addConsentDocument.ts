/**
 * Mutation.addConsentDocument(title, details, included) (data source: PracticeTable): the
 * document validated by ConsentDoc.validate, version 1 — its head and its first version snapshot in
 * one transaction.
 */
import { util, type DynamoDBTransactWriteItemsRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { consentWrite } from './shared/consent-writes.ts';
import { CONSENT_STATUS, consentHeadItem, consentVersionItem, toConsentDocument } from '../domain/documents/consent.ts';
import type { ResolverContext } from './shared/context.ts';
import type { MutationAddConsentDocumentArgs } from '../domain/graphql.generated.ts';

type Ctx = ResolverContext<MutationAddConsentDocumentArgs>;

export function request(ctx: Ctx): DynamoDBTransactWriteItemsRequest {
  const caller = ctx.stash.caller;
  const id = util.autoId();
  const now = util.time.nowISO8601();
  const data = ctx.stash.consentInput;
  const head = consentHeadItem(caller.practiceId, id, data, {
    version: 1, textVersion: 1, status: CONSENT_STATUS.active, createdAt: now, createdBy: caller.sub, updatedAt: now, updatedBy: caller.sub,
  });
  ctx.stash.written = head;
  return consentWrite(ctx, head, { expression: 'attribute_not_exists(PK)', returnValuesOnConditionCheckFailure: false }, consentVersionItem(caller.practiceId, id, data, 1, now, caller.sub));
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const doc = toConsentDocument(ctx.stash.written);
  ctx.stash.audit = { action: 'consent.create', entityType: 'ConsentDocument', entityId: doc.id as string };
  return doc;
}
