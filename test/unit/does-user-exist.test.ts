import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { handler } from '../../functions/does-user-exist/index.ts';
import { MESSAGES } from '../../domain/messages.ts';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const ask = async (body: unknown) => {
  const r = await handler({ body: JSON.stringify(body) } as never);
  return { status: r.statusCode, body: JSON.parse(r.body!) };
};

describe('doesUserExist', () => {
  beforeEach(() => {
    cognitoMock.reset();
    cognitoMock.on(AdminGetUserCommand, { Username: 'jane@example.com' }).resolves({ Username: 'jane@example.com', UserStatus: 'CONFIRMED' });
    cognitoMock.on(AdminGetUserCommand, { Username: 'new@example.com' }).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));
  });
  afterAll(() => cognitoMock.restore());

  it('looks the e-mail up case-insensitively', async () => {
    expect(await ask({ email: ' Jane@Example.com ' })).toEqual({ status: 200, body: { exists: true, confirmed: true } });
    expect(await ask({ email: 'new@example.com' })).toEqual({ status: 200, body: { exists: false, confirmed: false } });
  });
  it("answers the spec's messages for a missing or malformed e-mail without asking the pool", async () => {
    expect(await ask({})).toEqual({ status: 400, body: { message: MESSAGES.emailRequired } });
    expect(await ask({ email: 'jane@' })).toEqual({ status: 400, body: { message: MESSAGES.invalidEmail } });
    expect(cognitoMock.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});
