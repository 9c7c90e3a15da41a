/**
 * Query.getVideoToken (data source: Lambda:video-join): the Lambda opens the room for the caller's
 * practice (from the authorize step, never from arguments) and returns a host ticket.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from './shared/errors.ts';
import type { ResolverContext } from './shared/context.ts';
import type { QueryGetVideoTokenArgs } from '../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<QueryGetVideoTokenArgs>): LambdaRequest {
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: { field: 'getVideoToken', roomId: ctx.args.roomId, caller: { sub: caller.sub, practiceId: caller.practiceId } },
  };
}

export function response(ctx: ResolverContext<QueryGetVideoTokenArgs>): unknown {
  lambdaResult(ctx);
  return ctx.result;
}
