/**
 * A GraphQL document as the console sends it (its text) that also carries, for the type checker
 * only, the result and variables types generated from that very document (local/codegen.ts →
 * operations.generated.ts, e.g. `GetClientQuery` / `GetClientQueryVariables`). Write it as
 *
 *   const GET_CLIENT = (/* GraphQL *\/ `query GetClient($id: ID!) { … }`) as TypedDocument<GetClientQuery, GetClientQueryVariables>;
 *
 * The parentheses keep the magic comment on the text, where the generator looks for it; the text
 * is a whole document (fragments, not interpolated field lists) so the generator can read it.
 * Nothing of this reaches the bundle: the value is the plain string.
 */
export type TypedDocument<Result, Variables> = string & { readonly __operation: [Result, Variables] };
