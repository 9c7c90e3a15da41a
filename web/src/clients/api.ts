/**
 * The clients calls (schema.graphql Client, getClients, getClient, addClient, editClient,
 * removeClient) over the console's one GraphQL client. Failures are thrown as ApiError, which
 * keeps the server's error type and field problems (names and rules, never values).
 */
import { api } from '../auth/api';
import type { FieldProblem } from '../../../domain/client';
import type { TypedDocument } from '../platform/typed-document';
import type {
  AddClientMutation,
  AddClientMutationVariables,
  ClientFieldsFragment,
  ClientInput,
  EditClientMutation,
  EditClientMutationVariables,
  GetClientQuery,
  GetClientQueryVariables,
  GetClientsQuery,
  GetClientsQueryVariables,
  RemoveClientMutation,
  RemoveClientMutationVariables,
  RestoreClientMutation,
  RestoreClientMutationVariables,
} from '../platform/operations.generated';

/** A client as the pages show it: the fields of the ClientFields fragment below, typed from schema.graphql. */
export type Client = ClientFieldsFragment;
export type ClientPage = GetClientsQuery['getClients'];
export type RemoveClientResult = RemoveClientMutation['removeClient'];
export type { ClientInput };

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

const GET_CLIENTS = (/* GraphQL */ `
  query GetClients($search: String, $nextToken: String, $status: String) {
    getClients(search: $search, nextToken: $nextToken, status: $status) { items { ...ClientFields } nextToken }
  }
  ${CLIENT_FIELDS}
`) as TypedDocument<GetClientsQuery, GetClientsQueryVariables>;

const GET_CLIENT = (/* GraphQL */ `
  query GetClient($id: ID!) {
    getClient(id: $id) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`) as TypedDocument<GetClientQuery, GetClientQueryVariables>;

const ADD_CLIENT = (/* GraphQL */ `
  mutation AddClient($input: ClientInput!) {
    addClient(input: $input) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`) as TypedDocument<AddClientMutation, AddClientMutationVariables>;

const EDIT_CLIENT = (/* GraphQL */ `
  mutation EditClient($id: ID!, $version: Int!, $input: ClientInput!) {
    editClient(id: $id, version: $version, input: $input) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`) as TypedDocument<EditClientMutation, EditClientMutationVariables>;

const RESTORE_CLIENT = (/* GraphQL */ `
  mutation RestoreClient($id: ID!) {
    restoreClient(id: $id) { ...ClientFields }
  }
  ${CLIENT_FIELDS}
`) as TypedDocument<RestoreClientMutation, RestoreClientMutationVariables>;

const REMOVE_CLIENT = (/* GraphQL */ `
  mutation RemoveClient($id: ID!) {
    removeClient(id: $id) { id message status }
  }
`) as TypedDocument<RemoveClientMutation, RemoveClientMutationVariables>;

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

async function call<R, V, T>(query: TypedDocument<R, V>, variables: V, pick: (data: R) => T): Promise<T> {
  try {
    const result = (await api().graphql({ query, variables: variables as Record<string, unknown> })) as { data: R };
    return pick(result.data);
  } catch (error) {
    throw toApiError(error);
  }
}

/** Which clients a list shows: the active ones (default) or the archived ones (no search). */
export type ClientListStatus = 'active' | 'archived';

/** A page of 20 active (or archived) clients by name; `search` matches the start of "first last". */
export function getClients(search: string | null, nextToken: string | null, status: ClientListStatus = 'active'): Promise<ClientPage> {
  return call(GET_CLIENTS, { search, nextToken, status }, (data) => data.getClients);
}

/** Brings an archived client back (active, in the lists and the search). */
export function restoreClient(id: string): Promise<Client> {
  return call(RESTORE_CLIENT, { id }, (data) => data.restoreClient);
}

/** The client, or null when it is missing or not the caller's to see. */
export function getClient(id: string): Promise<Client | null> {
  return call(GET_CLIENT, { id }, (data) => data.getClient ?? null);
}

export function addClient(input: ClientInput): Promise<Client> {
  return call(ADD_CLIENT, { input }, (data) => data.addClient);
}

export function editClient(id: string, version: number, input: ClientInput): Promise<Client> {
  return call(EDIT_CLIENT, { id, version, input }, (data) => data.editClient);
}

/** Archives the client (never deletes clinical records). */
export function removeClient(id: string): Promise<RemoveClientResult> {
  return call(REMOVE_CLIENT, { id }, (data) => data.removeClient);
}
