/**
 * Cognito PreTokenGeneration trigger (V1 event: ID-token claims). Adds the caller's practice, roles
 * and billing claims from their membership record, for the browser's own gating. The server never
 * trusts these claims: resolvers read the membership by sub (ARCHITECTURE §3). No membership → no
 * claims added.
 */
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { getMembership, type Membership } from '../shared/membership.ts';

export function membershipClaims(m: Membership): Record<string, string> {
  const claims: Record<string, string> = {
    'custom:teamRoles': (m.roles ?? []).join(','),
    'custom:teamOwnerId': m.practiceId,
  };
  if (m.isOnTrial !== undefined && m.isOnTrial !== null) claims['custom:isOnTrial'] = String(m.isOnTrial);
  if (m.subscriptionDue) claims['custom:subscriptionDue'] = String(m.subscriptionDue);
  if (m.customerId) claims['custom:customerId'] = String(m.customerId);
  return claims;
}

export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const sub = event.request.userAttributes.sub;
  const membership = sub ? await getMembership(sub) : null;
  if (membership) {
    event.response = {
      ...event.response,
      claimsOverrideDetails: { ...(event.response?.claimsOverrideDetails ?? {}), claimsToAddOrOverride: membershipClaims(membership) },
    };
  }
  return event;
}
