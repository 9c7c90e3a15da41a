/**
 * team-members: AppSync Lambda data source for addTeamMember, editTeamMember and removeTeamMember
 * (after `authorize`, which admits only TeamMembers-permission holders: owner and clinicianAdmin).
 * Payload: {field, caller: {sub, practiceId}, args}. The practice comes from the stash, never the
 * arguments; a member of another practice is indistinguishable from a missing one (NotFound).
 *
 *   - add: AdminCreateUser (e-mail; Cognito e-mails the temporary password — locally the outbox),
 *     group TeamMembers, custom:teamOwnerId/teamRoles set by the back end; then the membership
 *     (roles = grantedRoles, plan copied from the practice owner's membership). A failed membership
 *     write deletes the new user again.
 *   - edit: updates the membership (the authorize step reads it on every request, so new roles apply
 *     on the member's next request) and keeps the ID-token claim custom:teamRoles in step.
 *   - remove: deletes the membership (next request: Unauthorized), disables the user and signs
 *     them out everywhere. The owner cannot be removed.
 * Needs: cognito-idp AdminCreateUser, AdminAddUserToGroup, AdminDeleteUser, AdminUpdateUserAttributes,
 * AdminDisableUser, AdminUserGlobalSignOut on the pool that issued the caller's token. Logs carry error names only.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { membershipKey } from '../../domain/tables.ts';
import { TEAM_MEMBERS_GROUP, teamProblemSummary, toTeamMember, validateTeamMember, type TeamMemberInput } from '../../domain/team.ts';
import { cognito, dynamo, table } from '../shared/aws.ts';
import { getMembership, type Membership } from '../shared/membership.ts';
import { sendInvitation, temporaryPassword } from './invitation.ts';
import { appsyncHandler, Refusal } from '../shared/refusal.ts';

export interface TeamRequest {
  field: 'addTeamMember' | 'editTeamMember' | 'removeTeamMember' | 'checkUserStatus';
  caller: { sub: string; practiceId: string };
  /** The pool that issued the caller's token (from the resolver); USER_POOL_ID in the environment overrides nothing but fills in when absent. */
  userPoolId?: string;
  args: { id?: string; email?: unknown; memberDetail?: unknown; grantedRoles?: unknown; clinicianInfo?: unknown };
}


const NOT_FOUND = 'Team member not found';

const POOL_ID = /^[a-z]{2}(-[a-z]+)+-\d_[0-9A-Za-z]+$/;
/** The user pool of this call: the caller's (from the resolver), else USER_POOL_ID. */
export function poolOf(request: TeamRequest): string {
  const pool = typeof request.userPoolId === 'string' && POOL_ID.test(request.userPoolId) ? request.userPoolId : process.env.USER_POOL_ID;
  if (!pool) throw new Error('no user pool id');
  return pool;
}

function isConditionFailure(err: unknown): boolean {
  return (err as Error)?.name === 'ConditionalCheckFailedException';
}

function validated(args: TeamRequest['args']): TeamMemberInput {
  const { problems, data } = validateTeamMember(args.memberDetail, args.grantedRoles, args.clinicianInfo);
  if (problems.length > 0) throw new Refusal(teamProblemSummary(problems), 'ValidationError', problems);
  return data;
}

/** The membership of `id` if it belongs to the caller's practice; else NotFound. */
async function memberOfPractice(id: unknown, practiceId: string): Promise<Membership & Record<string, unknown>> {
  if (typeof id !== 'string' || id.length === 0 || id.length > 64) throw new Refusal(NOT_FOUND, 'NotFound');
  const member = await getMembership(id);
  if (!member || member.practiceId !== practiceId) throw new Refusal(NOT_FOUND, 'NotFound');
  return member as Membership & Record<string, unknown>;
}

/** Cognito user name of a member: the one AdminCreateUser returned, else the e-mail (seeded users). */
function cognitoUsername(member: Record<string, unknown>): string {
  return String(member.cognitoUsername ?? member.email);
}

function licenseFields(input: TeamMemberInput) {
  return { licenseType: input.licenseType, licenseNo: input.licenseNo, licenseExpires: input.licenseExpires, npiNo: input.npiNo, specialty: input.specialty };
}

export async function addTeamMember(request: TeamRequest, now = new Date()) {
  const { caller } = request;
  const input = validated(request.args);
  const owner = await getMembership(caller.practiceId);
  if (!owner) throw new Refusal('Practice not found', 'NotFound');
  let created;
  // Our own invitation names the practice (invitation.ts); Cognito's template cannot, so it stays silent.
  const password = temporaryPassword();
  try {
    created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolOf(request),
        Username: input.email,
        TemporaryPassword: password,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: input.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: input.firstName },
          { Name: 'family_name', Value: input.lastName },
          { Name: 'custom:teamOwnerId', Value: caller.practiceId },
          { Name: 'custom:teamRoles', Value: input.grantedRoles.join(',') },
        ],
      }),
    );
  } catch (err) {
    if ((err as Error)?.name === 'UsernameExistsException') {
      throw new Refusal('A user with this e-mail already exists', 'ConflictError', [{ field: 'memberDetail.email', reason: 'format' }]);
    }
    throw err;
  }
  const username = created.User?.Username ?? input.email;
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('AdminCreateUser returned no sub');
  const item = {
    ...membershipKey(sub),
    GSI1PK: `P#${caller.practiceId}`,
    GSI1SK: `USER#${sub}`,
    practiceId: caller.practiceId,
    roles: input.grantedRoles,
    groups: [TEAM_MEMBERS_GROUP],
    plan: owner.plan,
    planName: owner.planName,
    ...(owner.isOnTrial !== undefined ? { isOnTrial: owner.isOnTrial } : {}),
    ...(owner.subscriptionDue ? { subscriptionDue: owner.subscriptionDue } : {}),
    ...(owner.customerId ? { customerId: owner.customerId } : {}),
    email: input.email,
    cognitoUsername: username,
    firstName: input.firstName,
    lastName: input.lastName,
    ...licenseFields(input),
    invitedBy: caller.sub,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  try {
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: poolOf(request), Username: username, GroupName: TEAM_MEMBERS_GROUP }));
    await dynamo().send(new PutCommand({ TableName: table('DIRECTORY_TABLE'), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (err) {
    // Compensate: no Cognito user without a membership.
    try {
      await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolOf(request), Username: username }));
    } catch {
      console.error('team-members: compensation failed');
    }
    throw err;
  }
  try {
    // People sign in with their e-mail (the pool's username is not something they type).
    await sendInvitation(caller.practiceId, input.email, input.email, password);
  } catch (err) {
    // The member exists; without the e-mail they cannot sign in: undo, so the owner can invite again.
    console.error('team-members: invitation not sent', (err as Error)?.name);
    try {
      await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolOf(request), Username: username }));
      await dynamo().send(new DeleteCommand({ TableName: table('DIRECTORY_TABLE'), Key: membershipKey(sub) }));
    } catch {
      console.error('team-members: compensation failed');
    }
    throw new Error('invitation not sent');
  }
  return toTeamMember(item);
}

export async function editTeamMember(request: TeamRequest, now = new Date()) {
  const { caller, args } = request;
  const input = validated(args);
  const member = await memberOfPractice(args.id, caller.practiceId);
  if (member.roles.includes('owner')) {
    throw new Refusal("The practice owner's roles cannot be changed", 'ValidationError', [{ field: 'id', reason: 'format' }]);
  }
  if (String(member.email).toLowerCase() !== input.email) {
    throw new Refusal('Invalid team member input: memberDetail.email (format)', 'ValidationError', [{ field: 'memberDetail.email', reason: 'format' }]);
  }
  let updated;
  try {
    updated = await dynamo().send(
      new UpdateCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: membershipKey(String(args.id)),
        UpdateExpression:
          'SET #roles = :roles, firstName = :firstName, lastName = :lastName, licenseType = :licenseType, licenseNo = :licenseNo, ' +
          'licenseExpires = :licenseExpires, npiNo = :npiNo, specialty = :specialty, updatedAt = :now, updatedBy = :by',
        ConditionExpression: 'attribute_exists(PK) AND practiceId = :practiceId',
        ExpressionAttributeNames: { '#roles': 'roles' },
        ExpressionAttributeValues: {
          ':roles': input.grantedRoles, ':firstName': input.firstName, ':lastName': input.lastName,
          ':licenseType': input.licenseType, ':licenseNo': input.licenseNo, ':licenseExpires': input.licenseExpires,
          ':npiNo': input.npiNo, ':specialty': input.specialty, ':now': now.toISOString(), ':by': caller.sub, ':practiceId': caller.practiceId,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new Refusal(NOT_FOUND, 'NotFound');
    throw err;
  }
  // The ID token's claims follow at the next refresh (pre-token-generation reads the membership);
  // the attributes are kept in step for anything reading the user directly.
  await cognito().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: poolOf(request),
      Username: cognitoUsername(member),
      UserAttributes: [
        { Name: 'custom:teamRoles', Value: input.grantedRoles.join(',') },
        { Name: 'given_name', Value: input.firstName },
        { Name: 'family_name', Value: input.lastName },
      ],
    }),
  );
  return toTeamMember(updated.Attributes as Record<string, unknown>);
}

export async function removeTeamMember(request: TeamRequest) {
  const { caller, args } = request;
  const member = await memberOfPractice(args.id, caller.practiceId);
  if (member.roles.includes('owner') || args.id === caller.practiceId) {
    throw new Refusal('The practice owner cannot be removed', 'ValidationError', [{ field: 'id', reason: 'format' }]);
  }
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: table('DIRECTORY_TABLE'),
        Key: membershipKey(String(args.id)),
        ConditionExpression: 'practiceId = :practiceId',
        ExpressionAttributeValues: { ':practiceId': caller.practiceId },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) throw new Refusal(NOT_FOUND, 'NotFound');
    throw err;
  }
  const username = cognitoUsername(member);
  await cognito().send(new AdminDisableUserCommand({ UserPoolId: poolOf(request), Username: username }));
  await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolOf(request), Username: username }));
  return { id: String(args.id), message: 'Team member removed', status: 'removed' };
}

/**
 * checkUserStatus(email): whether an account with this e-mail exists (before inviting it), its
 * Cognito status, and whether it is a member of the caller's practice. Owner and admin only (an
 * e-mail lookup is an enumeration risk). Another practice's member is reported only as existing.
 */
export async function checkUserStatus(request: TeamRequest) {
  const problems: { field: string; reason: 'required' | 'format' | 'length' | 'unknown' }[] = [];
  const { data } = validateTeamMember({ firstName: 'x', lastName: 'x', email: request.args.email }, ['biller'], null);
  if (!data.email) {
    problems.push({ field: 'email', reason: 'format' });
    throw new Refusal('Invalid input: email (format)', 'ValidationError', problems);
  }
  const out = await cognito().send(new ListUsersCommand({ UserPoolId: poolOf(request), Filter: `email = "${data.email}"`, Limit: 1 }));
  const user = out.Users?.[0];
  if (!user) return { email: data.email, exists: false, status: 'NOT_FOUND', enabled: false, inPractice: false };
  const sub = user.Attributes?.find((a) => a.Name === 'sub')?.Value;
  const member = sub ? await getMembership(sub) : null;
  return { email: data.email, exists: true, status: user.UserStatus ?? 'UNKNOWN', enabled: user.Enabled !== false, inPractice: member?.practiceId === request.caller.practiceId };
}

/** Refusals come back as data, anything else as the logged generic error (functions/shared/refusal.ts). */
export const handler = appsyncHandler('team-members', async (event: TeamRequest) => {
  if (!event?.caller?.sub || !event.caller.practiceId) throw new Refusal('Not Authorized', 'Unauthorized');
  switch (event.field) {
    case 'addTeamMember':
      return addTeamMember(event);
    case 'editTeamMember':
      return editTeamMember(event);
    case 'removeTeamMember':
      return removeTeamMember(event);
    case 'checkUserStatus':
      return checkUserStatus(event);
    default:
      throw new Refusal('Unknown field', 'BadRequest');
  }
});
