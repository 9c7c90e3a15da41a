import { api } from '../auth/api';
import type { TypedDocument } from '../platform/typed-document';
import type { SearchClientsQuery, SearchClientsQueryVariables } from '../platform/operations.generated';

/** One match of the top-bar search: the id and the name the list shows. */
export interface ClientMatch {
  id: string;
  first: string;
  last: string;
}

const SEARCH_CLIENTS = (/* GraphQL */ `
  query SearchClients($search: String) {
    getClients(search: $search) { items { id personalDetail { first last } } }
  }
`) as TypedDocument<SearchClientsQuery, SearchClientsQueryVariables>;

/** The server's search (start of "first last", first page of 20); nothing is preloaded. */
export async function searchClients(search: string): Promise<ClientMatch[]> {
  const variables: SearchClientsQueryVariables = { search };
  const result = (await api().graphql({ query: SEARCH_CLIENTS, variables })) as { data: SearchClientsQuery };
  return result.data.getClients.items.map((c) => ({ id: c.id, first: c.personalDetail.first, last: c.personalDetail.last }));
}
