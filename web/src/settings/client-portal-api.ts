/** The practice's client portal settings (/app/settings/client-portal): getClientPortalDetails, addClientPortal. */
import { CLIENT_PORTAL_MESSAGES } from '../../../domain/client-link';
import { api } from '../auth/api';
import type { AddClientPortalMutation, AddClientPortalMutationVariables, GetClientPortalDetailsQuery, GetClientPortalDetailsQueryVariables } from '../platform/operations.generated';
import type { TypedDocument } from '../platform/typed-document';
import { addEnglishSource } from '../i18n/catalog';
import '../i18n/features/settings';

export interface ClientPortalDetails {
  enabled: boolean;
  name: string | null;
  greeting: string | null;
  providerId: string | null;
  updatedAt: string | null;
}

export interface ClientPortalInput {
  name: string;
  greeting: string | null;
  enabled: boolean;
  providerId: string | null;
}

/** The API's refusals of this form, shown through tm() (`settings.clientPortal.message.*`). */
export const CLIENT_PORTAL_SETTINGS_MESSAGES = {
  portalNameRequired: CLIENT_PORTAL_MESSAGES.portalNameRequired,
  portalTextTooLong: CLIENT_PORTAL_MESSAGES.portalTextTooLong,
  providerNotFound: CLIENT_PORTAL_MESSAGES.providerNotFound,
} as const;
addEnglishSource('settings.clientPortal.message', CLIENT_PORTAL_SETTINGS_MESSAGES);

const FIELDS = /* GraphQL */ `
  fragment ClientPortalDetailsFields on ClientPortalDetails { enabled name greeting providerId updatedAt }
`;

const GET = (/* GraphQL */ `
  query GetClientPortalDetails {
    getClientPortalDetails { ...ClientPortalDetailsFields }
  }
  ${FIELDS}
`) as TypedDocument<GetClientPortalDetailsQuery, GetClientPortalDetailsQueryVariables>;
const SAVE = (/* GraphQL */ `
  mutation AddClientPortal($name: String!, $providerId: ID, $greeting: String, $enabled: Boolean) {
    addClientPortal(name: $name, providerId: $providerId, greeting: $greeting, enabled: $enabled) { ...ClientPortalDetailsFields }
  }
  ${FIELDS}
`) as TypedDocument<AddClientPortalMutation, AddClientPortalMutationVariables>;

export async function getClientPortalDetails(): Promise<ClientPortalDetails> {
  const { data } = await api().graphql({ query: GET });
  return data.getClientPortalDetails as ClientPortalDetails;
}

export async function addClientPortal(input: ClientPortalInput): Promise<ClientPortalDetails> {
  const { data } = await api().graphql({ query: SAVE, variables: { ...input } });
  return data.addClientPortal as ClientPortalDetails;
}

/** The name is required (as the API says); the rest is the API's to judge. Returns the message or null. */
export function clientPortalFormProblem(input: ClientPortalInput): string | null {
  return input.name.trim() === '' ? CLIENT_PORTAL_MESSAGES.portalNameRequired : null;
}
