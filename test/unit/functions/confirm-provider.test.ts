import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { finalizeProvider } from '../../../functions/confirm-provider/finalize.ts';
import { handler } from '../../../functions/confirm-provider/index.ts';

Object.assign(process.env, { DIRECTORY_TABLE: 'portal-test-Directory', PRACTICE_TABLE: 'portal-test-Practice', USER_POOL_ID: 'us-east-1_test' });
const ddb = mockClient(DynamoDBDocumentClient);
const idp = mockClient(CognitoIdentityProviderClient);
const SUB = 'sub-jane';
const STAGED = { PK: `PROVIDER#${SUB}`, SK: 'STAGED', npi: '1234567893', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', expiresAt: 99 };
const call = (body: unknown) =>
  handler({ body: JSON.stringify(body) } as never).then((r) => ({ status: r.statusCode, body: JSON.parse(r.body ?? '{}') }));
const canceled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'canceled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

beforeEach(() => {
  ddb.reset();
  idp.reset();
});

describe('finalizeProvider', () => {
  it('makes the claim permanent, writes the profile into the practice and deletes the staged item in one transaction', async () => {
    ddb.on(GetCommand).resolves({ Item: STAGED });
    ddb.on(TransactWriteCommand).resolves({});
    await expect(finalizeProvider(SUB, new Date('2026-01-01T00:00:00Z'))).resolves.toBe('active');
    const items = ddb.commandCalls(TransactWriteCommand)[0].args[0].input.TransactItems!;
    expect(items[0].Update).toMatchObject({
      TableName: 'portal-test-Directory',
      Key: { PK: 'NPI#1234567893', SK: 'NPI' },
      UpdateExpression: 'SET #status = :active, confirmedAt = :at REMOVE expiresAt',
      ConditionExpression: '#sub = :sub',
      ExpressionAttributeValues: { ':active': 'active', ':at': '2026-01-01T00:00:00.000Z', ':sub': SUB },
    });
    expect(items[1].Put?.TableName).toBe('portal-test-Practice');
    expect(items[1].Put?.Item).toEqual({
      PK: `P#${SUB}`, SK: `PROVIDER#${SUB}`, id: SUB, npi: '1234567893', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com',
      status: 'active', confirmedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(items[2].Delete).toEqual({ TableName: 'portal-test-Directory', Key: { PK: `PROVIDER#${SUB}`, SK: 'STAGED' }, ConditionExpression: 'attribute_exists(PK)' });
  });

  it('does nothing when nothing is staged (a retry, or a user from another app)', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(finalizeProvider(SUB)).resolves.toBe('none');
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('treats a concurrent finalization as done and reports a claim someone else holds', async () => {
    ddb.on(GetCommand).resolves({ Item: STAGED });
    ddb.on(TransactWriteCommand).rejectsOnce(canceled(['None', 'None', 'ConditionalCheckFailed'])).rejectsOnce(canceled(['ConditionalCheckFailed', 'None', 'None']));
    await expect(finalizeProvider(SUB)).resolves.toBe('active');
    await expect(finalizeProvider(SUB)).resolves.toBe('claimLost');
  });

  it('propagates other errors', async () => {
    ddb.on(GetCommand).resolves({ Item: STAGED });
    ddb.on(TransactWriteCommand).rejects(new Error('throttled'));
    await expect(finalizeProvider(SUB)).rejects.toThrow('throttled');
  });
});

describe('POST /confirmProvider', () => {
  it('refuses a malformed e-mail', async () => {
    expect((await call({ email: 'nope' })).status).toBe(400);
    expect(idp.calls()).toHaveLength(0);
  });

  it('touches nothing for an unconfirmed or unknown user', async () => {
    idp.on(AdminGetUserCommand).resolvesOnce({ UserStatus: 'UNCONFIRMED', UserAttributes: [{ Name: 'sub', Value: SUB }] })
      .rejectsOnce(new UserNotFoundException({ message: 'x', $metadata: {} }));
    expect(await call({ email: 'Jane@Example.com' })).toEqual({ status: 200, body: { confirmed: false, provider: null } });
    expect(await call({ email: 'ghost@example.com' })).toEqual({ status: 200, body: { confirmed: false, provider: null } });
    expect(idp.commandCalls(AdminGetUserCommand)[0].args[0].input.Username).toBe('jane@example.com');
    expect(ddb.calls()).toHaveLength(0);
  });

  it('reports a confirmed user with an active provider, finalizing if the trigger could not', async () => {
    idp.on(AdminGetUserCommand).resolves({ UserStatus: 'CONFIRMED', UserAttributes: [{ Name: 'sub', Value: SUB }] });
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves({ Item: STAGED });
    ddb.on(TransactWriteCommand).resolves({});
    expect(await call({ email: 'jane@example.com' })).toEqual({ status: 200, body: { confirmed: true, provider: { status: 'active' } } });
    ddb.on(GetCommand, { TableName: 'portal-test-Directory' }).resolves({});
    ddb.on(GetCommand, { TableName: 'portal-test-Practice' }).resolves({ Item: { id: SUB } });
    expect(await call({ email: 'jane@example.com' })).toEqual({ status: 200, body: { confirmed: true, provider: { status: 'active' } } });
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });
});
