/**
 * Cognito PostConfirmation trigger. On ConfirmSignUp a new clinician becomes the owner of a new
 * practice (practice id = their sub) on the basic plan — but only from the provider record that
 * stageProvider (or /reuseAccount) staged for this user: NPI checked with the registry and claimed
 * uniquely. The staged sign-up is finalized (NPI claim permanent, provider profile in the
 * practice), then the membership and the group its sign-up maps to (domain/signup.ts signupGroup).
 * A confirmation with nothing verified staged (a raw SignUp + ConfirmSignUp, one whose
 * stageProvider answered "NPI already registered", or an account of another app sharing the pool)
 * builds nothing: the account is confirmed, as Cognito confirms it, but has no practice, no
 * membership and no group, so every GraphQL field refuses it; it can still become a clinician
 * through /reuseAccount, which stages with the same registry check. The confirmation itself is not
 * failed, so the other apps' sign-ups keep working. Team members never come here: an owner's
 * invitation creates them (AdminCreateUser, functions/team-members). Every step is idempotent, so
 * Cognito's retries are harmless. Nothing about the user is logged.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../shared/aws.ts';
import { finalizeProvider, readSignupProvider } from '../confirm-provider/finalize.ts';
import { signupGroup } from '../../domain/signup.ts';
import { createMembershipIfAbsent, ownerMembership } from '../shared/membership.ts';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  if (!sub) throw new Error('PostConfirmation event without sub');
  await finalizeSignup({ sub, email: event.request.userAttributes.email ?? '', userPoolId: event.userPoolId, username: event.userName });
  return event;
}

export type SignupOutcome = 'owner' | 'nothingVerified' | 'claimLost';

/**
 * Makes a confirmed user the owner of their own new practice from their staged, registry-checked
 * sign-up: profile finalized, membership (owner, basic plan), group. Also used by /reuseAccount
 * for an account confirmed long ago in another app, after it staged the same way. Idempotent.
 * Writes nothing when no verified sign-up is staged ('nothingVerified') or its NPI claim was lost
 * ('claimLost': it expired unconfirmed and someone else took the NPI).
 */
export async function finalizeSignup(user: { sub: string; email: string; userPoolId: string; username: string }): Promise<SignupOutcome> {
  // Read before finalizing (which deletes the staged copy); a retry finds the finalized profile.
  const provider = await readSignupProvider(user.sub);
  if (!provider?.npiVerifiedAt) return 'nothingVerified';
  if ((await finalizeProvider(user.sub)) === 'claimLost') return 'claimLost';
  const group = signupGroup(provider);
  await createMembershipIfAbsent(ownerMembership(user.sub, user.email, new Date(), group));
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: user.userPoolId, Username: user.username, GroupName: group }));
  return 'owner';
}
