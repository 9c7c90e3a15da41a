/**
 * Cognito PreTokenGeneration trigger (V1 event: ID-token claims). Adds the caller's practice, roles
 * and billing claims from their membership record, for the browser's own gating. The server never
 * trusts these claims: resolvers read the membership by sub (ARCHITECTURE §3). No membership → no
 * claims added.
 *
 * It also keeps the membership's MFA mark (domain/mfa.ts): the pool is MFA OPTIONAL (clients may go
 * without a factor), so at every token issuance (sign-in, refresh, after a new password) the user's
 * own factors are read from Cognito and `mfaEnrolled` is written when it changed. The authorize
 * step refuses every clinician call while it is not true, whichever token kind is sent.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { hasMfaFactor } from '../../domain/mfa.ts';
import { membershipKey } from '../../domain/tables.ts';
import { cognito, dynamo, table } from '../shared/aws.ts';
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

/** Writes the membership's MFA mark when it differs from the user's factors in Cognito now. */
async function keepMfaMark(event: PreTokenGenerationTriggerEvent, sub: string, membership: Membership): Promise<void> {
  const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: event.userPoolId, Username: event.userName }));
  const enrolled = hasMfaFactor(user);
  if (membership.mfaEnrolled === enrolled) return;
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: membershipKey(sub),
        UpdateExpression: 'SET mfaEnrolled = :enrolled',
        // A membership removed in the meantime is not brought back as a bare mark.
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':enrolled': enrolled },
      }),
    );
  } catch (err) {
    if ((err as Error)?.name !== 'ConditionalCheckFailedException') throw err;
  }
}

export async function handler(event: PreTokenGenerationTriggerEvent): Promise<PreTokenGenerationTriggerEvent> {
  const sub = event.request.userAttributes.sub;
  const membership = sub ? await getMembership(sub) : null;
  if (membership) {
    await keepMfaMark(event, sub, membership);
    event.response = {
      ...event.response,
      claimsOverrideDetails: { ...(event.response?.claimsOverrideDetails ?? {}), claimsToAddOrOverride: membershipClaims(membership) },
    };
  }
  return event;
}
