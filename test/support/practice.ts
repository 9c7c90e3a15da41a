/**
 * A second practice in a running local runtime: its owner (a Cognito user in Therapists with the
 * demo password and TOTP secret, so signInSeeded signs it in) and the owner's membership record,
 * on the Professional plan — as sign-up's post-confirmation trigger would leave it. Tests use it
 * to show that one practice never reaches another's data.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Runtime } from '../../local/runtime.ts';
import { DEMO_PASSWORD, demoTotpSecret } from '../../local/demo-accounts.ts';
import { membershipKey, practicePartition, tableName } from '../../domain/tables.ts';
import { signInSeeded } from './cognito-sdk.ts';

/** Creates the practice owned by `email`; returns the owner's sub (also the practice id). */
export async function addPractice(runtime: Runtime, email: string, name: { givenName: string; familyName: string } = { givenName: 'Otto', familyName: 'Other' }): Promise<string> {
  const { sub } = await runtime.cognito.admin.createUser({ email, password: DEMO_PASSWORD, ...name, groups: ['Therapists'], totpSecret: demoTotpSecret(email) });
  await runtime.dynamo.client.send(new PutItemCommand({
    TableName: tableName('local', 'Directory'),
    Item: marshall({ ...membershipKey(sub), GSI1PK: practicePartition(sub), GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email }),
  }));
  return sub;
}

/**
 * Demo members signed in by name — `{ owner: 'owner', full: 'fullclient' }` signs in
 * owner@ and fullclient@demo.practiceportal.test — plus, as `other`, the owner of a second practice
 * added for `otherEmail` (addPractice): each one's access token and sub, by name.
 */
export async function signInMembersAndOther(runtime: Runtime, who: Record<string, string>, otherEmail: string): Promise<{ tokens: Record<string, string>; subs: Record<string, string> }> {
  await addPractice(runtime, otherEmail);
  const emails: Record<string, string> = { ...Object.fromEntries(Object.entries(who).map(([name, user]) => [name, `${user}@demo.practiceportal.test`])), other: otherEmail };
  const tokens: Record<string, string> = {};
  const subs: Record<string, string> = {};
  await Promise.all(Object.entries(emails).map(async ([name, email]) => {
    tokens[name] = (await signInSeeded(runtime.url, email, DEMO_PASSWORD)).accessToken;
    subs[name] = (JSON.parse(Buffer.from(tokens[name].split('.')[1], 'base64url').toString()) as { sub: string }).sub;
  }));
  return { tokens, subs };
}
