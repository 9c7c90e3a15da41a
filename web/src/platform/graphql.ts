/**
 * The console's and the client portal's GraphQL client. Queries and mutations are one fetch each,
 * sent as Amplify's generateClient() sent them with authMode 'userPool' (POST {query, variables}
 * to the AppSync endpoint, the Cognito access token as Authorization) and answered the same way:
 * `{ data }`, or a rejection with the whole result (`{ data, errors }`) when AppSync reports
 * errors. Subscriptions speak AppSync's realtime protocol (platform/realtime.ts). Amplify's GraphQL
 * client (about 34 KB of gzip JS) is not used anywhere; Amplify Auth keeps the token fresh.
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { ensureAmplifyConfigured } from './amplify';

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

export { subscribe, type Subscription, type SubscriptionObserver } from './realtime';
