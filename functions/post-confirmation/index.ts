/**
 * Cognito PostConfirmation trigger. On ConfirmSignUp a new clinician becomes the owner of a new
 * practice (practice id = their sub) on the basic plan — but only from the provider record that
 * stageProvider (or /reuseAccount) staged for this user: NPI checked with the registry and claimed
 * uniquely. The staged sign-up is finalized (NPI claim permanent, provider profile in the
 * practice), then the membership and the group its sign-up maps to (domain/signup.ts signupGroup).
 * A confirmation with nothing verified staged (a raw SignUp + ConfirmSignUp, or one whose
 * stageProvider answered "NPI already registered") is refused and builds nothing: no practice, no
 * membership, no group. Team members never come here: an owner's invitation creates them
 * (AdminCreateUser, functions/team-members). Every step is idempotent, so Cognito's retries are
 * harmless. Nothing about the user is logged.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../shared/aws.ts';
import { finalizeProvider, readSignupProvider } from '../confirm-provider/finalize.ts';
import { signupGroup } from '../../domain/signup.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { createMembershipIfAbsent, ownerMembership } from '../shared/membership.ts';

/** What the caller of ConfirmSignUp reads ("PostConfirmation failed with error <this>."). */
export const NO_VERIFIED_PROVIDER = 'No verified NPI is staged for this account';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  if (!sub) throw new Error('PostConfirmation event without sub');
  await finalizeSignup({ sub, email: event.request.userAttributes.email ?? '', userPoolId: event.userPoolId, username: event.userName });
  return event;
}

/**
 * Makes a confirmed user the owner of their own new practice from their staged, registry-checked
 * sign-up: profile finalized, membership (owner, basic plan), group. Also used by /reuseAccount
 * for an account confirmed long ago in another app, after it staged the same way. Idempotent.
 * Throws (writing nothing) when no verified sign-up is staged or its NPI claim was lost.
 */
export async function finalizeSignup(user: { sub: string; email: string; userPoolId: string; username: string }): Promise<void> {
  // Read before finalizing (which deletes the staged copy); a retry finds the finalized profile.
  const provider = await readSignupProvider(user.sub);
  if (!provider?.npiVerifiedAt) throw new Error(NO_VERIFIED_PROVIDER);
  const status = await finalizeProvider(user.sub);
  // Someone else holds the NPI now (this claim expired unconfirmed and was taken).
  if (status === 'claimLost') throw new Error(MESSAGES.npiTaken);
  const group = signupGroup(provider);
  await createMembershipIfAbsent(ownerMembership(user.sub, user.email, new Date(), group));
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: user.userPoolId, Username: user.username, GroupName: group }));
}
