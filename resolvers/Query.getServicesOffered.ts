/**
 * Query.getServicesOffered (data source: PracticeTable): the practice's services (CPT code,
 * description, default minutes) from its Settings#ServicesOffered item, or the default catalog
 * (domain/appointment/services.ts DEFAULT_SERVICES) when it lists none. A catalog, not PHI: not audited.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { raiseStepError } from './shared/errors.ts';
import { servicesKey } from '../domain/appointment/keys.ts';
import { servicesOf } from '../domain/appointment/services.ts';
import type { ResolverContext } from './shared/context.ts';

export function request(ctx: ResolverContext): DynamoDBGetItemRequest {
  return { operation: 'GetItem', key: util.dynamodb.toMapValues(servicesKey(ctx.stash.caller.practiceId)) };
}

export function response(ctx: ResolverContext): unknown {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  return servicesOf(ctx.result as Record<string, unknown> | null);
}
