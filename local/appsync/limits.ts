/**
 * The AppSync limits of the Api stack (domain/api-limits.ts), enforced by the local executor as
 * AppSync does, and guards that keep a hostile document from crashing graphql-js:
 *  - screenText, before parse: graphql-js parses (and validates) recursively, so a document nested
 *    a few thousand levels overflowed the stack ("Maximum call stack size exceeded" reached the
 *    caller). The text is scanned with graphql-js's own lexer, which is iterative, and brackets
 *    nested past MAX_NESTING are refused whole with QueryDepthLimitReached; screenDocument, after
 *    parse, refuses selections and fragment spreads nested past MAX_NESTING before validation.
 *  - checkDepth, after validation: an operation with fields nested past queryDepthLimit is refused
 *    with QueryDepthLimitReached. AppSync answers the fields within the limit and errors the deeper
 *    ones; this schema nests 5 levels at most, so only introspection can go past 10, and the
 *    stand-in refuses the whole operation (data null) instead.
 *  - takeResolver, at execution: past resolverCountLimit resolver invocations in one request, each
 *    further resolver ends with ResolverExecutionLimitReached and does not run: AppSync's behaviour.
 */
import { Kind, Lexer, Source, TokenKind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { API_LIMITS } from '../../domain/api-limits.ts';

export { API_LIMITS };
/** Tokens a document may have (graphql-js parse's maxTokens). */
export const MAX_TOKENS = 10_000;
/** Bracket / fragment nesting past which a document is refused before graphql-js recurses into it. */
export const MAX_NESTING = 64;

export interface LimitError {
  errorType: string;
  message: string;
}

const depthError = (): LimitError => ({
  errorType: 'QueryDepthLimitReached',
  message: `Query depth limit of ${API_LIMITS.queryDepthLimit} reached: the document nests more than ${MAX_NESTING} levels.`,
});

/** Before parse: brackets ({ [ () nested past MAX_NESTING. Lexical errors are left to parse. */
export function screenText(query: string): LimitError | null {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    for (let tokens = 0, token = lexer.advance(); token.kind !== TokenKind.EOF && tokens <= MAX_TOKENS; token = lexer.advance(), tokens++) {
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) {
        if (++depth > MAX_NESTING) return depthError();
      } else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.PAREN_R) {
        depth--;
      }
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * After parse, before validate: selection sets and fragment spreads nested past MAX_NESTING, along
 * the longest path through the fragments (each fragment's height is computed once; a cycle, which
 * validation reports, counts as nothing).
 */
export function screenDocument(document: DocumentNode): LimitError | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const heights = new Map<string, number>();
  const TOO_DEEP = Number.POSITIVE_INFINITY;
  // Height of a selection set (levels of selection set and spread below and including it), or
  // TOO_DEEP once `level + height` passes MAX_NESTING; recursion stops there too.
  const height = (set: SelectionSetNode, level: number): number => {
    if (level > MAX_NESTING) return TOO_DEEP;
    let max = 0;
    for (const selection of set.selections) {
      let below = 0;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (!fragment) continue;
        if (!heights.has(name)) {
          heights.set(name, 0);
          heights.set(name, height(fragment.selectionSet, level + 1));
        }
        below = heights.get(name)!;
      } else if (selection.selectionSet) {
        below = height(selection.selectionSet, level + 1);
      }
      if (level + below > MAX_NESTING) return TOO_DEEP;
      max = Math.max(max, below);
    }
    return max + 1;
  };
  for (const d of document.definitions) {
    if ((d.kind === Kind.OPERATION_DEFINITION || d.kind === Kind.FRAGMENT_DEFINITION) && height(d.selectionSet, 1) === TOO_DEEP) return depthError();
  }
  return null;
}

/** Levels of fields of the operation (a root field is level 1), through its fragments. */
function fieldDepth(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, number>();
  // Validation has passed (no fragment cycles) and screenDocument bounds the nesting.
  const depth = (set: SelectionSetNode): number => {
    let max = 0;
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) max = Math.max(max, 1 + (selection.selectionSet ? depth(selection.selectionSet) : 0));
      else if (selection.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depth(selection.selectionSet));
      else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !memo.has(name)) memo.set(name, depth(fragment.selectionSet));
        max = Math.max(max, memo.get(name) ?? 0);
      }
    }
    return max;
  };
  return depth(operation.selectionSet);
}

/** After validation: the operation's fields nested past queryDepthLimit. */
export function checkDepth(document: DocumentNode, operation: OperationDefinitionNode): LimitError | null {
  const depth = fieldDepth(document, operation);
  if (depth <= API_LIMITS.queryDepthLimit) return null;
  return { errorType: 'QueryDepthLimitReached', message: `Query depth limit of ${API_LIMITS.queryDepthLimit} reached: the query nests ${depth} levels.` };
}

const invocations = new WeakMap<object, number>();

/** Counts one resolver invocation for the request `context`; an error once past resolverCountLimit. */
export function takeResolver(context: object): LimitError | null {
  const count = (invocations.get(context) ?? 0) + 1;
  invocations.set(context, count);
  return count > API_LIMITS.resolverCountLimit ? { errorType: 'ResolverExecutionLimitReached', message: 'Resolver invocation limit reached.' } : null;
}
