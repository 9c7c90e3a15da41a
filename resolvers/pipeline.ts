/**
 * Code of every pipeline resolver (see resolvers/map.ts): nothing before the steps, and the
 * last step's result is the field's value.
 */
import type { Context } from '@aws-appsync/utils';

export function request(_ctx: Context): Record<string, never> {
  return {};
}

export function response(ctx: Context): unknown {
  return ctx.prev.result;
}
