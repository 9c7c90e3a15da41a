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

/** Creates the practice owned by `email`; returns the owner's sub (also the practice id). */
export async function addPractice(runtime: Runtime, email: string, name: { givenName: string; familyName: string } = { givenName: 'Otto', familyName: 'Other' }): Promise<string> {
  const { sub } = await runtime.cognito.admin.createUser({ email, password: DEMO_PASSWORD, ...name, groups: ['Therapists'], totpSecret: demoTotpSecret(email) });
  await runtime.dynamo.client.send(new PutItemCommand({
    TableName: tableName('local', 'Directory'),
    Item: marshall({ ...membershipKey(sub), GSI1PK: practicePartition(sub), GSI1SK: `USER#${sub}`, practiceId: sub, roles: ['owner'], groups: ['Therapists'], plan: 'professional', email }),
  }));
  return sub;
}
