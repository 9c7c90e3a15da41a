/**
 * A client's access to the client portal, from the clinician's side (client-contract.md): read it,
 * invite or re-invite (a new single-use link; the old one stops working), revoke it.
 */
import { CLIENT_PORTAL_MESSAGES } from '../../../domain/client-link';
import { api } from '../auth/api';
import type { GetClientPortalAccessQuery, GetClientPortalAccessQueryVariables, InviteClientToPortalMutation, InviteClientToPortalMutationVariables, RevokeClientPortalAccessMutation, RevokeClientPortalAccessMutationVariables } from '../platform/operations.generated';
import type { TypedDocument } from '../platform/typed-document';
import { addEnglishSource } from '../i18n/catalog';
import { toApiError } from './api';

export type ClientPortalState = 'NOT_INVITED' | 'INVITED' | 'EXPIRED' | 'ACTIVE' | 'REVOKED';

export interface ClientPortalAccess {
  clientId: string;
  state: ClientPortalState;
  email: string | null;
  invitedAt: string | null;
  expiresAt: string | null;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** The API's refusals a clinician meets here, shown through tm() (`clients.portal.message.*`). */
export const PORTAL_ACCESS_MESSAGES = {
  noEmail: CLIENT_PORTAL_MESSAGES.noEmail,
  alreadyActive: CLIENT_PORTAL_MESSAGES.alreadyActive,
  notInvited: CLIENT_PORTAL_MESSAGES.notInvited,
  portalDisabled: CLIENT_PORTAL_MESSAGES.portalDisabled,
} as const;
addEnglishSource('clients.portal.message', PORTAL_ACCESS_MESSAGES);

const FIELDS = /* GraphQL */ `
  fragment ClientPortalAccessFields on ClientPortalAccess { clientId state email invitedAt expiresAt acceptedAt revokedAt }
`;

const GET = (/* GraphQL */ `
  query GetClientPortalAccess($clientId: ID!) {
    getClientPortalAccess(clientId: $clientId) { ...ClientPortalAccessFields }
  }
  ${FIELDS}
`) as TypedDocument<GetClientPortalAccessQuery, GetClientPortalAccessQueryVariables>;
const INVITE = (/* GraphQL */ `
  mutation InviteClientToPortal($clientId: ID!) {
    inviteClientToPortal(clientId: $clientId) { ...ClientPortalAccessFields }
  }
  ${FIELDS}
`) as TypedDocument<InviteClientToPortalMutation, InviteClientToPortalMutationVariables>;
const REVOKE = (/* GraphQL */ `
  mutation RevokeClientPortalAccess($clientId: ID!) {
    revokeClientPortalAccess(clientId: $clientId) { ...ClientPortalAccessFields }
  }
  ${FIELDS}
`) as TypedDocument<RevokeClientPortalAccessMutation, RevokeClientPortalAccessMutationVariables>;

async function call(query: string, clientId: string, field: string): Promise<ClientPortalAccess> {
  try {
    const { data } = await api().graphql({ query, variables: { clientId } });
    return data[field] as ClientPortalAccess;
  } catch (error) {
    throw toApiError(error);
  }
}

export const getClientPortalAccess = (clientId: string) => call(GET, clientId, 'getClientPortalAccess');
export const inviteClientToPortal = (clientId: string) => call(INVITE, clientId, 'inviteClientToPortal');
export const revokeClientPortalAccess = (clientId: string) => call(REVOKE, clientId, 'revokeClientPortalAccess');

/** What the clinician can do in each state: invite (or invite again), re-invite an open invitation, revoke. */
export function portalActions(state: ClientPortalState): { invite: boolean; reinvite: boolean; revoke: boolean } {
  return {
    invite: state === 'NOT_INVITED' || state === 'EXPIRED' || state === 'REVOKED',
    reinvite: state === 'INVITED',
    revoke: state === 'INVITED' || state === 'ACTIVE',
  };
}
