/**
 * The console's GraphQL client. Queries and mutations are one fetch each, sent as Amplify's
 * generateClient() sends them with authMode 'userPool' (POST {query, variables} to the AppSync
 * endpoint, the Cognito access token as Authorization) and answered the same way: `{ data }`, or
 * a rejection with the whole result (`{ data, errors }`) when AppSync reports errors. Amplify's
 * client (about 34 KB of gzip JS) then loads only where a page subscribes (subscribe() below),
 * with its realtime protocol unchanged; the local ws:// rewrite (platform/local-websocket.ts) is
 * installed there, before that client loads, instead of on every page.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { ensureAmplifyConfigured } from './amplify';
import { installLocalWebSocketFix } from './local-websocket';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
}

export interface GraphQLErrorEntry {
  message: string;
  errorType?: string | null;
  errorInfo?: unknown;
  path?: unknown;
}

export interface GraphQLResult {
  data: Record<string, unknown>;
  errors?: GraphQLErrorEntry[];
}

const failed = (message: string): GraphQLResult => ({ data: {}, errors: [{ message }] });
const hasErrors = (result: unknown): result is GraphQLResult => Array.isArray((result as GraphQLResult | null)?.errors) && (result as GraphQLResult).errors!.length > 0;

/** One query or mutation. Resolves `{ data }`; rejects with `{ data, errors }` (or an Error when nobody is signed in). */
export async function graphqlRequest({ query, variables }: GraphQLRequest): Promise<GraphQLResult> {
  const config = ensureAmplifyConfigured();
  // Amplify refreshes an expired access token here, as its own client does before each call.
  const token = (await fetchAuthSession()).tokens?.accessToken.toString();
  if (!token) throw new Error('No signed-in user');
  let result: unknown;
  try {
    const response = await fetch(config.graphqlEndpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: token },
      body: JSON.stringify({ query, variables: variables ?? null }),
    });
    result = await response.json().catch(() => null);
    if (!response.ok && !hasErrors(result)) result = failed(`HTTP ${response.status}`);
  } catch (error) {
    result = failed(error instanceof Error ? error.message : 'Network error');
  }
  if (hasErrors(result)) throw result;
  if (!result || typeof result !== 'object' || !('data' in result)) throw failed('No data in the response');
  return result as GraphQLResult;
}

export interface Subscription {
  unsubscribe(): void;
}

/**
 * A live subscription through Amplify's realtime client, loaded on first use. `next` gets each
 * message's data; `error` a failure to load or to connect.
 */
export function subscribe(query: string, observer: { next: (data: Record<string, unknown>) => void; error: (error: unknown) => void }): Subscription {
  let closed = false;
  let inner: Subscription | undefined;
  // Local runtime: its plain-http realtime endpoint through the ws:// rewrite, installed before
  // Amplify's realtime client is first loaded (it is the only socket that needs it).
  if (ensureAmplifyConfigured().backend === 'local') installLocalWebSocketFix();
  import('aws-amplify/api').then(
    ({ generateClient }) => {
      if (closed) return;
      const operation = (generateClient() as unknown as { graphql(options: { query: string }): unknown }).graphql({ query }) as {
        subscribe(observer: { next: (message: { data: Record<string, unknown> }) => void; error: (error: unknown) => void }): Subscription;
      };
      inner = operation.subscribe({ next: (message) => observer.next(message.data), error: observer.error });
    },
    (error: unknown) => observer.error(error),
  );
  return {
    unsubscribe() {
      closed = true;
      inner?.unsubscribe();
    },
  };
}
