/**
 * Mutation.editTherapist (data source: PracticeTable): sets the caller's profile fields if
 * `version` is still the stored one (0: never saved). An UpdateItem, so the photo (set by
 * confirmProfilePhoto) is kept; a stale version is a ConflictError and writes nothing.
 */
import { util, type DynamoDBUpdateItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { therapistKey, toTherapist } from '../domain/profile.ts';
import type { ResolverContext, StoredItem } from './shared/context.ts';
import type { MutationEditTherapistArgs } from '../domain/graphql.generated.ts';

const CONFLICT = 'The profile was changed elsewhere. Reload it and try again.';

export function request(ctx: ResolverContext<MutationEditTherapistArgs>): DynamoDBUpdateItemRequest {
  const caller = ctx.stash.caller;
  const version = ctx.args.version;
  const input = ctx.stash.therapistInput;
  return {
    operation: 'UpdateItem',
    key: util.dynamodb.toMapValues(therapistKey(caller.practiceId, caller.sub)),
    update: {
      expression: 'SET #person = :person, #address = :address, #provider = :provider, #version = :next, #updatedAt = :now, #entity = :entity',
      expressionNames: { '#person': 'person', '#address': 'address', '#provider': 'provider', '#version': 'version', '#updatedAt': 'updatedAt', '#entity': 'entityType' },
      expressionValues: util.dynamodb.toMapValues({
        ':person': input.person, ':address': input.address, ':provider': input.provider, ':next': version + 1, ':now': util.time.nowISO8601(), ':entity': 'Therapist',
      }),
    },
    condition:
      version === 0
        ? { expression: 'attribute_not_exists(#version)', expressionNames: { '#version': 'version' } }
        : { expression: '#version = :version', expressionNames: { '#version': 'version' }, expressionValues: util.dynamodb.toMapValues({ ':version': version }) },
  };
}

export function response(ctx: ResolverContext<MutationEditTherapistArgs>): Record<string, unknown> {
  if (ctx.error) {
    if (ctx.error.type === 'DynamoDB:ConditionalCheckFailedException') {
      util.error(CONFLICT, 'ConflictError');
    }
    raiseStepError(ctx);
  }
  ctx.stash.audit = { action: 'profile.update', entityType: 'Therapist', entityId: ctx.stash.caller.sub };
  return toTherapist(ctx.stash.caller.sub, ctx.result as StoredItem | null);
}
