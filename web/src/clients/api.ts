/**
 * The clients calls (schema.graphql Client, getClients, getClient, addClient, editClient,
 * removeClient) over the console's one GraphQL client. Failures are thrown as ApiError, which
 * keeps the server's error type and field problems (names and rules, never values).
 */
import { api } from '../auth/api';
import type { ClientInput, FieldProblem } from '../../../domain/client';

export interface Client {
  id: string;
  therapistId: string;
  username: string | null;
  status: string;
  active: boolean;
  gender: string | null;
  dateOfBirth: string;
  sendEmailReminder: boolean;
  contact: { phone: string | null; type: string | null; email: string | null };
  personalDetail: { first: string; middle: string | null; last: string; suffix: string | null; nickname: string | null };
  address: { city: string | null; line1: string | null; line2: string | null; state: string | null; zip: string | null };
  communicationSetting: { email: boolean };
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface ClientPage {
  items: Client[];
  nextToken: string | null;
}

export interface RemoveClientResult {
  id: string;
  message: string;
  status: string;
}

const CLIENT_FIELDS = /* GraphQL */ `
  fragment ClientFields on Client {
    id therapistId username status active gender dateOfBirth sendEmailReminder
    contact { phone type email }
    personalDetail { first middle last suffix nickname }
    address { city line1 line2 state zip }
    communicationSetting { email }
    version createdAt updatedAt
  }
`;

const GET_CLIENTS = /* GraphQL */ `
  query GetClients($search: String, $nextToken: String, $status: String) {
    getClients(search: $search, nextToken: $nextToken, status: $status) { items { ...ClientFields } nextToken }
  }
  ${CLIENT_FIELDS}
`;

const GET_CLIENT = /* GraphQL */ `
  query GetClient($id: ID!) {
    getClient(id: $id) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`;

const ADD_CLIENT = /* GraphQL */ `
  mutation AddClient($input: ClientInput!) {
    addClient(input: $input) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`;

const EDIT_CLIENT = /* GraphQL */ `
  mutation EditClient($id: ID!, $version: Int!, $input: ClientInput!) {
    editClient(id: $id, version: $version, input: $input) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`;

const RESTORE_CLIENT = /* GraphQL */ `
  mutation RestoreClient($id: ID!) {
    restoreClient(id: $id) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`;

const REMOVE_CLIENT = /* GraphQL */ `
  mutation RemoveClient($id: ID!) {
    removeClient(id: $id) { id message status }
  }
`;

/** A failed call: AppSync's errorType (ValidationError, ConflictError, Unauthorized, NotFound, …). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly errorType: string,
    readonly fields: FieldProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface GraphQLErrorShape {
  message?: string;
  errorType?: string | null;
  errorInfo?: { fields?: FieldProblem[] } | null;
}

/** Amplify rejects with the GraphQL result ({errors}); network failures are plain Errors. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const errors = (error as { errors?: GraphQLErrorShape[] } | null)?.errors;
  const first: GraphQLErrorShape | undefined = Array.isArray(errors) && errors.length > 0 ? errors[0] : (error as GraphQLErrorShape | undefined);
  const message = typeof first?.message === 'string' ? first.message : '';
  const type = typeof first?.errorType === 'string' ? first.errorType : 'Unknown';
  const fields = Array.isArray(first?.errorInfo?.fields) ? first.errorInfo.fields : [];
  return new ApiError(message, type, fields);
}

async function call<T>(query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T): Promise<T> {
  try {
    const result = (await api().graphql({ query, variables })) as { data: Record<string, unknown> };
    return pick(result.data);
  } catch (error) {
    throw toApiError(error);
  }
}

/** Which clients a list shows: the active ones (default) or the archived ones (no search). */
export type ClientListStatus = 'active' | 'archived';

/** A page of 20 active (or archived) clients by name; `search` matches the start of "first last". */
export function getClients(search: string | null, nextToken: string | null, status: ClientListStatus = 'active'): Promise<ClientPage> {
  return call(GET_CLIENTS, { search, nextToken, status }, (data) => data.getClients as ClientPage);
}

/** Brings an archived client back (active, in the lists and the search). */
export function restoreClient(id: string): Promise<Client> {
  return call(RESTORE_CLIENT, { id }, (data) => data.restoreClient as Client);
}

/** The client, or null when it is missing or not the caller's to see. */
export function getClient(id: string): Promise<Client | null> {
  return call(GET_CLIENT, { id }, (data) => (data.getClient as Client | null) ?? null);
}

export function addClient(input: ClientInput): Promise<Client> {
  return call(ADD_CLIENT, { input }, (data) => data.addClient as Client);
}

export function editClient(id: string, version: number, input: ClientInput): Promise<Client> {
  return call(EDIT_CLIENT, { id, version, input }, (data) => data.editClient as Client);
}

/** Archives the client (never deletes clinical records). */
export function removeClient(id: string): Promise<RemoveClientResult> {
  return call(REMOVE_CLIENT, { id }, (data) => data.removeClient as RemoveClientResult);
}
