import { graphqlRequest, subscribe, type GraphQLResult, type Subscription } from '../platform/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type * as Op from '../platform/operations.generated';

/** The caller as the API sees it (schema.graphql `Me`). */
export type Me = Op.MeQuery['me'];

export type AuthEvent = Op.AuthEventType;

const ME_QUERY = (/* GraphQL */ `
  query Me {
    me { id email groups practiceId roles plan }
  }
`) as TypedDocument<Op.MeQuery, Op.MeQueryVariables>;

const LOG_AUTH_EVENT = /* GraphQL */ `
  mutation LogUserAuthEvent($event: AuthEventType!) {
    logUserAuthEvent(event: $event) { practiceId userId event at }
  }
`;

/** A sign-in or sign-out in the caller's practice (schema.graphql `UserAuthEvent`). */
export type UserAuthEvent = NonNullable<Op.OnUserAuthEventSubscription['onUserAuthEvent']>;

const ON_AUTH_EVENT = /* GraphQL */ `
  subscription OnUserAuthEvent {
    onUserAuthEvent { practiceId userId event at }
  }
`;

/** The call shape every data module uses (the result as Amplify's client gave it). */
export interface GraphQLClient {
  graphql(options: { query: string; variables?: Record<string, unknown> }): Promise<GraphQLResult>;
}

const client: GraphQLClient = { graphql: graphqlRequest };
/** The console's one GraphQL client (platform/graphql.ts), shared by every data module. */
export function api(): GraphQLClient {
  return client;
}

export async function fetchMe(): Promise<Me> {
  const result = (await api().graphql({ query: ME_QUERY })) as { data: Op.MeQuery };
  return result.data.me;
}

/** Account-activity record. Best effort: a failure never blocks sign-in or sign-out. */
export async function logUserAuthEvent(event: AuthEvent): Promise<void> {
  try {
    await api().graphql({ query: LOG_AUTH_EVENT, variables: { event } });
  } catch {
    // Deliberately silent: the event is an audit nicety, and errors may echo request data.
  }
}

const END_SESSION = /* GraphQL */ `
  mutation EndSession {
    endSession
  }
`;

/**
 * Sign-out on the server: every token of this user's earlier sign-ins is refused from now on
 * (Cognito's global sign-out alone leaves them valid at /graphql until they expire). Throws on failure.
 */
export async function endSession(): Promise<void> {
  await api().graphql({ query: END_SESSION });
}

/** Live sign-ins and sign-outs of the caller's practice (the server filters by practice). */
export function subscribeToAuthEvents(onEvent: (event: UserAuthEvent) => void, onError: () => void): Subscription {
  return subscribe(ON_AUTH_EVENT, { next: (data) => onEvent(data.onUserAuthEvent as UserAuthEvent), error: () => onError() });
}

const LIST_ACCOUNT_ACTIVITY = (/* GraphQL */ `
  query ListAccountActivity($nextToken: String) {
    listAccountActivity(nextToken: $nextToken) { items { practiceId userId event at } nextToken }
  }
`) as TypedDocument<Op.ListAccountActivityQuery, Op.ListAccountActivityQueryVariables>;

/** A page (20) of the practice's past sign-ins and sign-outs, newest first. */
export async function listAccountActivity(nextToken: string | null): Promise<Op.ListAccountActivityQuery['listAccountActivity']> {
  const variables: Op.ListAccountActivityQueryVariables = { nextToken };
  const result = (await api().graphql({ query: LIST_ACCOUNT_ACTIVITY, variables })) as { data: Op.ListAccountActivityQuery };
  return result.data.listAccountActivity;
}
