// The team-members Lambda with mocked Cognito and DynamoDB: scoping to the caller's practice, the
// owner's protection, compensation when the membership write fails, the pool from the caller.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  AdminAddUserToGroupCommand, AdminCreateUserCommand, AdminDeleteUserCommand, AdminDisableUserCommand, AdminUpdateUserAttributesCommand, AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient, ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { handler, poolOf, type TeamRequest } from '../../../functions/team-members/index.ts';

const cognito = mockClient(CognitoIdentityProviderClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const caller = { sub: 'owner-sub', practiceId: 'owner-sub' };
const detail = { firstName: 'Bea', lastName: 'Biller', email: 'bea@example.com' };
const OWNER = { PK: 'USER#owner-sub', SK: 'MEMBERSHIP', practiceId: 'owner-sub', roles: ['owner'], plan: 'professional', planName: 'PROFESSIONAL', email: 'o@example.com' };
const MEMBER = { PK: 'USER#m1', SK: 'MEMBERSHIP', practiceId: 'owner-sub', roles: ['biller'], email: 'bea@example.com', cognitoUsername: 'bea-username' };

beforeEach(() => {
  process.env.DIRECTORY_TABLE = 'dir';
  process.env.USER_POOL_ID = 'us-east-1_EnvPool';
  process.env.SES_FROM_ADDRESS = 'no-reply@example.test';
  process.env.PRACTICE_TABLE = 'practice';
  process.env.PORTAL_ORIGIN = 'https://portal.example.test';
  cognito.reset();
  dynamo.reset();
  ses.reset();
  ses.on(SendEmailCommand).resolves({});
  dynamo.on(GetCommand, { Key: { PK: 'USER#owner-sub', SK: 'MEMBERSHIP' } }).resolves({ Item: OWNER });
  dynamo.on(GetCommand, { Key: { PK: 'USER#m1', SK: 'MEMBERSHIP' } }).resolves({ Item: MEMBER });
  dynamo.on(GetCommand, { Key: { PK: 'USER#elsewhere', SK: 'MEMBERSHIP' } }).resolves({ Item: { ...MEMBER, PK: 'USER#elsewhere', practiceId: 'other' } });
});
afterEach(() => {
  delete process.env.USER_POOL_ID;
  delete process.env.SES_FROM_ADDRESS;
  delete process.env.PORTAL_ORIGIN;
});

const req = (field: TeamRequest['field'], args: TeamRequest['args']): TeamRequest => ({ field, caller, userPoolId: 'us-east-1_Caller1', args });

describe('team-members Lambda', () => {
  it('creates the user in the caller’s pool with admin-set claims, the TeamMembers group and the membership', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'bea-username', Attributes: [{ Name: 'sub', Value: 'm1' }] } });
    dynamo.on(PutCommand).resolves({});
    const out = await handler(req('addTeamMember', { memberDetail: detail, grantedRoles: ['biller'], clinicianInfo: { licenseNo: 'L1' } }));
    expect(out).toMatchObject({ id: 'm1', grantedRoles: ['biller'], teamOwnerId: 'owner-sub', licenseNo: 'L1' });
    const create = cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input;
    // Cognito stays silent; our own invitation names the practice, the sign-in link, the username and the password (issue 19).
    expect(create).toMatchObject({ UserPoolId: 'us-east-1_Caller1', Username: 'bea@example.com', MessageAction: 'SUPPRESS' });
    expect(create.TemporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{14,}$/);
    const mail = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(mail.Destination?.ToAddresses).toEqual(['bea@example.com']);
    const body = mail.Content?.Simple?.Body?.Text?.Data ?? '';
    for (const line of ['https://portal.example.test/signin', 'Username: bea@example.com', `Temporary password: ${create.TemporaryPassword}`]) expect(body).toContain(line);
    expect(create.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'custom:teamOwnerId', Value: 'owner-sub' }, { Name: 'custom:teamRoles', Value: 'biller' }]));
    expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0].args[0].input).toMatchObject({ GroupName: 'TeamMembers', Username: 'bea-username' });
    expect(dynamo.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({ PK: 'USER#m1', GSI1PK: 'P#owner-sub', roles: ['biller'], groups: ['TeamMembers'], plan: 'professional' });
  });

  it('deletes the new user again when the membership cannot be written', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'bea-username', Attributes: [{ Name: 'sub', Value: 'm1' }] } });
    dynamo.on(PutCommand).rejects(Object.assign(new Error('boom'), { name: 'ConditionalCheckFailedException' }));
    cognito.on(AdminDeleteUserCommand).resolves({});
    // An unexpected failure: logged under a correlation id, the caller gets only the generic message with that id.
    await expect(handler(req('addTeamMember', { memberDetail: detail, grantedRoles: ['biller'] }))).rejects.toMatchObject({ name: 'InternalError', message: expect.stringMatching(/^An internal error occurred\. Reference: [0-9a-f-]{36}$/) });
    expect(cognito.commandCalls(AdminDeleteUserCommand)).toHaveLength(1);
  });

  it('undoes the member when the invitation cannot be sent, and tells the caller nothing more than an internal error', async () => {
    cognito.on(AdminCreateUserCommand).resolves({ User: { Username: 'bea-username', Attributes: [{ Name: 'sub', Value: 'm1' }] } });
    dynamo.on(PutCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    cognito.on(AdminDeleteUserCommand).resolves({});
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('nope'), { name: 'MessageRejected' }));
    await expect(handler(req('addTeamMember', { memberDetail: detail, grantedRoles: ['biller'] }))).rejects.toMatchObject({ name: 'InternalError' });
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0].args[0].input).toMatchObject({ Username: 'bea-username' });
    expect(dynamo.commandCalls(DeleteCommand)[0].args[0].input.Key).toEqual({ PK: 'USER#m1', SK: 'MEMBERSHIP' });
  });

  it('refuses the owner role and invalid input before touching Cognito', async () => {
    await expect(handler(req('addTeamMember', { memberDetail: detail, grantedRoles: ['owner'] }))).resolves.toMatchObject({ refusal: { errorType: 'ValidationError' } });
    expect(cognito.commandCalls(AdminCreateUserCommand)).toHaveLength(0);
  });

  it('edits roles and keeps custom:teamRoles in step; another practice’s member is NotFound', async () => {
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...MEMBER, roles: ['scheduler'] } });
    cognito.on(AdminUpdateUserAttributesCommand).resolves({});
    const out = await handler(req('editTeamMember', { id: 'm1', memberDetail: detail, grantedRoles: ['scheduler'] }));
    expect(out).toMatchObject({ id: 'm1', grantedRoles: ['scheduler'] });
    expect(cognito.commandCalls(AdminUpdateUserAttributesCommand)[0].args[0].input.UserAttributes).toContainEqual({ Name: 'custom:teamRoles', Value: 'scheduler' });
    await expect(handler(req('editTeamMember', { id: 'elsewhere', memberDetail: detail, grantedRoles: ['scheduler'] }))).resolves.toMatchObject({ refusal: { errorType: 'NotFound' } });
    await expect(handler(req('editTeamMember', { id: 'm1', memberDetail: { ...detail, email: 'changed@example.com' }, grantedRoles: ['scheduler'] }))).resolves.toMatchObject({ refusal: { errorType: 'ValidationError' } });
  });

  it('removes: membership deleted, user disabled and signed out; the owner cannot be removed', async () => {
    dynamo.on(DeleteCommand).resolves({});
    cognito.on(AdminDisableUserCommand).resolves({});
    cognito.on(AdminUserGlobalSignOutCommand).resolves({});
    expect(await handler(req('removeTeamMember', { id: 'm1' }))).toEqual({ id: 'm1', message: 'Team member removed', status: 'removed' });
    expect(cognito.commandCalls(AdminDisableUserCommand)[0].args[0].input).toMatchObject({ Username: 'bea-username', UserPoolId: 'us-east-1_Caller1' });
    await expect(handler(req('removeTeamMember', { id: 'owner-sub' }))).resolves.toMatchObject({ refusal: { errorType: 'ValidationError' } });
    await expect(handler(req('removeTeamMember', { id: 'elsewhere' }))).resolves.toMatchObject({ refusal: { errorType: 'NotFound' } });
  });

  it('checkUserStatus: exists, status and membership of the caller’s practice; bad e-mail refused', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [{ Username: 'x', UserStatus: 'CONFIRMED', Enabled: true, Attributes: [{ Name: 'sub', Value: 'elsewhere' }] }] });
    expect(await handler(req('checkUserStatus', { email: 'Bea@Example.com' }))).toEqual({ email: 'bea@example.com', exists: true, status: 'CONFIRMED', enabled: true, inPractice: false });
    expect(cognito.commandCalls(ListUsersCommand)[0].args[0].input).toMatchObject({ Filter: 'email = "bea@example.com"', UserPoolId: 'us-east-1_Caller1' });
    await expect(handler(req('checkUserStatus', { email: 'a"b@x' }))).resolves.toMatchObject({ refusal: { errorType: 'ValidationError' } });
    cognito.on(ListUsersCommand).resolves({ Users: [] });
    expect(await handler(req('checkUserStatus', { email: 'new@example.com' }))).toMatchObject({ exists: false, status: 'NOT_FOUND' });
  });

  it('takes the pool from the caller, falling back to USER_POOL_ID for a malformed one', () => {
    expect(poolOf(req('removeTeamMember', {}))).toBe('us-east-1_Caller1');
    expect(poolOf({ ...req('removeTeamMember', {}), userPoolId: '../x' })).toBe('us-east-1_EnvPool');
  });
});
