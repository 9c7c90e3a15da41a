import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { handler } from '../../../functions/does-user-exist/index.ts';
import { TOO_MANY_REQUESTS } from '../../../functions/shared/address-limit.ts';
import { MESSAGES } from '../../../domain/messages.ts';

process.env.DIRECTORY_TABLE ??= 'portal-test-Directory';
const cognitoMock = mockClient(CognitoIdentityProviderClient);
const dynamoMock = mockClient(DynamoDBDocumentClient);
const ask = async (body: unknown, sourceIp = '203.0.113.7') => {
  const r = await handler({ body: JSON.stringify(body), requestContext: { http: { sourceIp } } } as never);
  return { status: r.statusCode, body: JSON.parse(r.body!) };
};

describe('doesUserExist', () => {
  beforeEach(() => {
    cognitoMock.reset();
    dynamoMock.reset();
    dynamoMock.on(UpdateCommand).resolves({});
    cognitoMock.on(AdminGetUserCommand, { Username: 'jane@example.com' }).resolves({ Username: 'jane@example.com', UserStatus: 'CONFIRMED' });
    cognitoMock.on(AdminGetUserCommand, { Username: 'new@example.com' }).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
  });
  afterAll(() => {
    cognitoMock.restore();
    dynamoMock.restore();
  });

  it('looks the e-mail up case-insensitively', async () => {
    expect(await ask({ email: ' Jane@Example.com ' })).toEqual({ status: 200, body: { exists: true, confirmed: true } });
    expect(await ask({ email: 'new@example.com' })).toEqual({ status: 200, body: { exists: false, confirmed: false } });
  });
  it("answers the spec's messages for a missing or malformed e-mail without asking the pool", async () => {
    expect(await ask({})).toEqual({ status: 400, body: { message: MESSAGES.emailRequired } });
    expect(await ask({ email: 'jane@' })).toEqual({ status: 400, body: { message: MESSAGES.invalidEmail } });
    expect(cognitoMock.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
  it('counts each call per address and refuses an address over its minute, without asking the pool', async () => {
    await ask({ email: 'jane@example.com' });
    const [call] = dynamoMock.commandCalls(UpdateCommand);
    const input = call.args[0].input;
    expect(input.Key!.PK).toMatch(/^RATE#doesUserExist#[0-9a-f]{32}$/);
    expect(JSON.stringify(input)).not.toContain('203.0.113.7');
    expect(input.ConditionExpression).toContain('hits < :limit');
    dynamoMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    cognitoMock.resetHistory();
    const refused = await ask({ email: 'jane@example.com' });
    expect(refused).toEqual({ status: 429, body: { message: TOO_MANY_REQUESTS } });
    expect(cognitoMock.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});
