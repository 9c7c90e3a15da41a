/**
 * The GraphQL API's execution limits: the Api stack sets them on AppSync (lib/graphql-api.ts) and
 * the local executor enforces the same (local/appsync/limits.ts), from this one constant.
 *
 * queryDepthLimit: fields nested deeper than this many levels get a QueryDepthLimitReached error
 * (AppSync allows 1–75). resolverCountLimit: resolvers run per request; the ones past it get
 * ResolverExecutionLimitReached and do not run (AppSync allows 1–10000, default 10000). Every
 * resolver of this API is on a root field and the console sends one root field per operation, so
 * 25 leaves room for batching while a document of 500 aliased reads is cut short.
 */
export const API_LIMITS = { queryDepthLimit: 10, resolverCountLimit: 25 } as const;
