/**
 * Cognito PostConfirmation trigger. On ConfirmSignUp a new clinician becomes the owner of a new
 * practice (practice id = their sub) on the basic plan, joins the Therapists group, and their staged
 * sign-up (stageProvider) is finalized: NPI claim permanent, provider profile in the practice.
 * Every step is idempotent, so Cognito's retries are harmless. Nothing about the user is logged.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../shared/aws.ts';
import { finalizeProvider } from '../confirm-provider/finalize.ts';
import { createMembershipIfAbsent, ownerMembership } from '../shared/membership.ts';

/** The group a self-signed-up clinician joins (mapping profession → group comes later). */
export const DEFAULT_SIGNUP_GROUP = 'Therapists';

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const sub = event.request.userAttributes.sub;
  const email = event.request.userAttributes.email ?? '';
  if (!sub) throw new Error('PostConfirmation event without sub');
  await createMembershipIfAbsent(ownerMembership(sub, email, new Date()));
  // A user created by an admin or from another app has nothing staged: 'none' is fine.
  await finalizeProvider(sub);
  await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: event.userPoolId, Username: event.userName, GroupName: DEFAULT_SIGNUP_GROUP }));
  return event;
}
