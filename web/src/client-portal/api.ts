/**
 * The client principal's GraphQL (client-contract.md "Client-side GraphQL"): the same endpoint and
 * client as the console (platform/graphql.ts, the access token of the signed-in client); the server
 * scopes every answer to the caller's own links.
 */
import { REFUSAL_TYPES } from '../../../resolvers/shared/error-types';
import { graphqlRequest, type GraphQLResult } from '../platform/graphql';
import type { ClientMeQuery, ClientMeQueryVariables, EditClientProfileMutation, EditClientProfileMutationVariables } from '../platform/operations.generated';
import type { TypedDocument } from '../platform/typed-document';

export interface ClientPractice {
  practiceId: string;
  clientId: string;
  practiceName: string;
  portalName: string | null;
  greeting: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  email: string | null;
  preferredChannel: string | null;
}

export interface ClientSelf {
  email: string;
  practices: ClientPractice[];
}

export interface ClientAppointment {
  id: string;
  practiceId: string;
  practiceName: string;
  clinicianName: string | null;
  startTime: string;
  endTime: string;
  locationType: string | null;
  status: string | null;
  videoUrl: string | null;
}

const PRACTICE_FIELDS = /* GraphQL */ `
  fragment ClientPracticeFields on ClientPractice {
    practiceId clientId practiceName portalName greeting firstName lastName phone email preferredChannel
  }
`;

const CLIENT_ME = (/* GraphQL */ `
  query ClientMe {
    clientMe { email practices { ...ClientPracticeFields } }
  }
  ${PRACTICE_FIELDS}
`) as TypedDocument<ClientMeQuery, ClientMeQueryVariables>;

const CLIENT_APPOINTMENTS = /* GraphQL */ `
  query ClientAppointments($nextToken: String) {
    clientAppointments(nextToken: $nextToken) {
      items { id practiceId practiceName clinicianName startTime endTime locationType status videoUrl }
      nextToken
    }
  }
`;

const EDIT_CLIENT_PROFILE = (/* GraphQL */ `
  mutation EditClientProfile($practiceId: ID!, $phone: String, $preferredChannel: String) {
    editClientProfile(practiceId: $practiceId, phone: $phone, preferredChannel: $preferredChannel) { ...ClientPracticeFields }
  }
  ${PRACTICE_FIELDS}
`) as TypedDocument<EditClientProfileMutation, EditClientProfileMutationVariables>;

export async function clientMe(): Promise<ClientSelf> {
  const { data } = await graphqlRequest({ query: CLIENT_ME });
  return data.clientMe as ClientSelf;
}

/** Upcoming appointments across the client's practices, soonest first; follows the pages (20 each) up to `maxPages`. */
export async function clientAppointments(maxPages = 5): Promise<ClientAppointment[]> {
  const items: ClientAppointment[] = [];
  let nextToken: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const { data }: GraphQLResult = await graphqlRequest({ query: CLIENT_APPOINTMENTS, variables: { nextToken } });
    const result = data.clientAppointments as { items: ClientAppointment[]; nextToken: string | null };
    items.push(...result.items);
    nextToken = result.nextToken;
    if (!nextToken) break;
  }
  return items;
}

export async function editClientProfile(practiceId: string, changes: { phone: string | null; preferredChannel: string | null }): Promise<ClientPractice> {
  const { data } = await graphqlRequest({ query: EDIT_CLIENT_PROFILE, variables: { practiceId, ...changes } });
  return data.editClientProfile as ClientPractice;
}

/** The message of a refused call (the API's own words, e.g. a validation message), or null for anything else. */
export function refusalMessage(error: unknown): string | null {
  const first = (error as GraphQLResult | null)?.errors?.[0];
  if (!first?.message) return null;
  // Refusals carry the rule's own words; an internal error's text (a reference) is not for the client.
  return first.errorType && REFUSAL_TYPES.includes(first.errorType) ? first.message : null;
}
