/**
 * Code of every pipeline resolver (see resolvers/map.ts): nothing before the steps, and the
 * last step's result is the field's value.
 */
import type { AnyArgs, ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext<AnyArgs>): Record<string, never> {
  return {};
}

export function response(ctx: ResolverContext<AnyArgs>): unknown {
  return ctx.prev.result;
}
