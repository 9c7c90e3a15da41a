/**
 * Cognito PostConfirmation trigger. On ConfirmSignUp a new clinician becomes the owner of a new
 * practice (practice id = their sub) on the basic plan, joins the group their sign-up maps to
 * (domain/signup.ts signupGroup; Therapists when nothing was staged), and their staged
 * sign-up (stageProvider) is finalized: NPI claim permanent, provider profile in the practice.
 * Every step is idempotent, so Cognito's retries are harmless. Nothing about the user is logged.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../shared/aws.ts';
import { finalizeProvider, readSignupProvider } from '../confirm-provider/finalize.ts';
import { signupGroup } from '../../domain/signup.ts';
import { createMembershipIfAbsent, ownerMembership } from '../shared/membership.ts';

/** The group of a user confirmed with nothing staged (created by an admin or from another app). */
export const DEFAULT_SIGNUP_GROUP = 'Therapists';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  if (!sub) throw new Error('PostConfirmation event without sub');
  await finalizeSignup({ sub, email: event.request.userAttributes.email ?? '', userPoolId: event.userPoolId, username: event.userName });
  return event;
}

/**
 * Makes a confirmed user a clinician of their own new practice: membership (owner, basic plan),
 * the staged sign-up finalized, the group. Also used by /reuseAccount for an account that was
 * confirmed long ago in another app. Idempotent.
 */
export async function finalizeSignup(user: { sub: string; email: string; userPoolId: string; username: string }): Promise<void> {
  // Read before finalizing (which deletes the staged copy); a retry finds the finalized profile.
  const provider = await readSignupProvider(user.sub);
  const group = provider ? signupGroup(provider) : DEFAULT_SIGNUP_GROUP;
  await createMembershipIfAbsent(ownerMembership(user.sub, user.email, new Date(), group));
  // A user created by an admin or from another app has nothing staged: 'none' is fine.
  await finalizeProvider(user.sub);
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: user.userPoolId, Username: user.username, GroupName: group }));
}
