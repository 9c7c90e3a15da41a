import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { AdminAddUserToGroupCommand, AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { handler as postConfirmation } from '../../../functions/post-confirmation/index.ts';
import { handler as preTokenGeneration } from '../../../functions/pre-token-generation/index.ts';

process.env.DIRECTORY_TABLE = 'portal-test-Directory';
process.env.PRACTICE_TABLE = 'portal-test-Practice';
const ddb = mockClient(DynamoDBDocumentClient);
const idp = mockClient(CognitoIdentityProviderClient);
const SUB = '11111111-2222-3333-4444-555555555555';

function confirmEvent(source = 'PostConfirmation_ConfirmSignUp'): any {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_PortalLocal',
    userName: SUB,
    callerContext: { awsSdkVersion: 'x', clientId: 'c' },
    triggerSource: source,
    request: { userAttributes: { sub: SUB, email: 'Dr.Who@Example.COM', 'cognito:user_status': 'CONFIRMED' } },
    response: {},
  };
}

function tokenEvent(): any {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_PortalLocal',
    userName: SUB,
    callerContext: { awsSdkVersion: 'x', clientId: 'c' },
    triggerSource: 'TokenGeneration_Authentication',
    request: { userAttributes: { sub: SUB }, groupConfiguration: { groupsToOverride: [], iamRolesToOverride: [], preferredRole: null } },
    response: { claimsOverrideDetails: null },
  };
}

beforeEach(() => {
  ddb.reset();
  idp.reset();
});

/** The sign-up stageProvider staged for SUB: NPI checked with the registry and claimed. */
function staged(extra: Record<string, unknown> = {}) {
  ddb.on(GetCommand, { TableName: 'portal-test-Directory', Key: { PK: `PROVIDER#${SUB}`, SK: 'STAGED' } }).resolves({
    Item: { PK: `PROVIDER#${SUB}`, SK: 'STAGED', npi: '1234567893', profession: 'Psychologist', treatmentSetting: [], dbtPractice: ['Individual'], npiVerifiedAt: '2025-01-02T03:00:00.000Z', ...extra },
  });
  ddb.on(TransactWriteCommand).resolves({});
}

describe('post-confirmation trigger', () => {
  it('creates the owner membership with a conditional put and adds the user to Therapists', async () => {
    staged();
    ddb.on(PutCommand).resolves({});
    idp.on(AdminAddUserToGroupCommand).resolves({});
    const event = confirmEvent();
    vi.useFakeTimers({ now: new Date('2025-01-02T03:04:05.000Z'), toFake: ['Date'] });
    const out = await postConfirmation(event);
    vi.useRealTimers();
    expect(out).toBe(event);
    const put = ddb.commandCalls(PutCommand)[0].args[0].input;
    expect(put.TableName).toBe('portal-test-Directory');
    expect(put.ConditionExpression).toBe('attribute_not_exists(PK)');
    expect(put.Item).toEqual({
      PK: `USER#${SUB}`,
      SK: 'MEMBERSHIP',
      practiceId: SUB,
      roles: ['owner'],
      groups: ['Therapists'],
      plan: 'basic',
      planName: 'ESSENTIALS',
      email: 'dr.who@example.com',
      createdAt: '2025-01-02T03:04:05.000Z',
      GSI1PK: `P#${SUB}`,
      GSI1SK: `USER#${SUB}`,
    });
    expect(idp.commandCalls(AdminAddUserToGroupCommand)[0].args[0].input).toEqual({ UserPoolId: 'us-east-1_PortalLocal', Username: SUB, GroupName: 'Therapists' });
  });

  it('is harmless on retry: an existing membership is kept and the group add still happens', async () => {
    staged();
    ddb.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    idp.on(AdminAddUserToGroupCommand).resolves({});
    await expect(postConfirmation(confirmEvent())).resolves.toBeTruthy();
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(1);
  });

  it('propagates other DynamoDB errors', async () => {
    staged();
    ddb.on(PutCommand).rejects(new Error('throttled'));
    await expect(postConfirmation(confirmEvent())).rejects.toThrow('throttled');
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it("puts a prescriber's sign-up in Psychiatrists, in the pool and in the membership", async () => {
    staged({ profession: 'Psychiatrist', treatmentSetting: ['Outpatient'] });
    ddb.on(PutCommand).resolves({});
    idp.on(AdminAddUserToGroupCommand).resolves({});
    await postConfirmation(confirmEvent());
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item?.groups).toEqual(['Psychiatrists']);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)[0].args[0].input.GroupName).toBe('Psychiatrists');
  });

  it('builds nothing for a confirmation with nothing staged (raw SignUp + ConfirmSignUp): no practice, no membership, no group', async () => {
    const event = confirmEvent();
    await expect(postConfirmation(event)).resolves.toBe(event);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it('builds nothing from a staged record that was not checked with the NPI registry', async () => {
    staged({ npiVerifiedAt: undefined });
    await postConfirmation(confirmEvent());
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it('builds no practice when the NPI claim is no longer this user\'s (expired and taken)', async () => {
    staged();
    ddb.on(TransactWriteCommand).rejects(new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }, { Code: 'None' }] }));
    await postConfirmation(confirmEvent());
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
    expect(idp.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
  });

  it('ignores ConfirmForgotPassword', async () => {
    await postConfirmation(confirmEvent('PostConfirmation_ConfirmForgotPassword'));
    expect(ddb.calls()).toHaveLength(0);
    expect(idp.calls()).toHaveLength(0);
  });
});

describe('pre-token-generation trigger', () => {
  beforeEach(() => {
    idp.on(AdminGetUserCommand).resolves({ Username: SUB, UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    ddb.on(UpdateCommand).resolves({});
  });

  it('adds practice, roles and billing claims from the membership', async () => {
    ddb.on(GetCommand).resolves({
      Item: { PK: `USER#${SUB}`, SK: 'MEMBERSHIP', practiceId: 'owner-sub', roles: ['clinicianAdmin', 'biller'], plan: 'premium', isOnTrial: 1, subscriptionDue: '2030-01-01', customerId: 'cus_1' },
    });
    const out = await preTokenGeneration(tokenEvent());
    expect(ddb.commandCalls(GetCommand)[0].args[0].input).toMatchObject({ TableName: 'portal-test-Directory', Key: { PK: `USER#${SUB}`, SK: 'MEMBERSHIP' } });
    expect(out.response.claimsOverrideDetails?.claimsToAddOrOverride).toEqual({
      'custom:teamRoles': 'clinicianAdmin,biller',
      'custom:teamOwnerId': 'owner-sub',
      'custom:isOnTrial': '1',
      'custom:subscriptionDue': '2030-01-01',
      'custom:customerId': 'cus_1',
    });
  });

  it('leaves optional billing claims out when absent', async () => {
    ddb.on(GetCommand).resolves({ Item: { practiceId: SUB, roles: ['owner'] } });
    const out = await preTokenGeneration(tokenEvent());
    expect(out.response.claimsOverrideDetails?.claimsToAddOrOverride).toEqual({ 'custom:teamRoles': 'owner', 'custom:teamOwnerId': SUB });
  });

  it('adds nothing when the user has no membership (a client): no MFA mark is read or written', async () => {
    ddb.on(GetCommand).resolves({});
    const out = await preTokenGeneration(tokenEvent());
    expect(out.response.claimsOverrideDetails).toBeNull();
    expect(idp.commandCalls(AdminGetUserCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it("marks the membership with the user's factors from Cognito (issue 12: MFA optional in the pool, required for clinicians)", async () => {
    ddb.on(GetCommand).resolves({ Item: { practiceId: SUB, roles: ['owner'] } });
    await preTokenGeneration(tokenEvent());
    expect(idp.commandCalls(AdminGetUserCommand)[0].args[0].input).toEqual({ UserPoolId: 'us-east-1_PortalLocal', Username: SUB });
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input).toMatchObject({
      TableName: 'portal-test-Directory',
      Key: { PK: `USER#${SUB}`, SK: 'MEMBERSHIP' },
      UpdateExpression: 'SET mfaEnrolled = :enrolled',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':enrolled': true },
    });
  });

  it('clears the mark when the factor is gone (turned off with the raw API), and writes nothing when it is unchanged', async () => {
    ddb.on(GetCommand).resolves({ Item: { practiceId: SUB, roles: ['owner'], mfaEnrolled: true } });
    idp.on(AdminGetUserCommand).resolves({ Username: SUB, UserMFASettingList: [] });
    await preTokenGeneration(tokenEvent());
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ExpressionAttributeValues).toEqual({ ':enrolled': false });
    ddb.resetHistory();
    idp.on(AdminGetUserCommand).resolves({ Username: SUB, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] });
    await preTokenGeneration(tokenEvent());
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
