/**
 * Finalizes a staged sign-up once its user is confirmed: the NPI claim becomes permanent, the
 * provider profile moves into the practice (Practice table, `P#<sub>` / `PROVIDER#<sub>`) and the
 * staged copy is deleted, and the owner's Profile and Practice details start from the sign-up's
 * name, phone and organization — one transaction, so there is never a half-finalized provider.
 * Idempotent: a second run finds nothing staged and reports the profile already there.
 * Used by the post-confirmation trigger (the normal path) and by /confirmProvider (a repair path
 * if the trigger failed after Cognito confirmed the user).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { signupCarryItems, type SignupFacts } from '../../domain/signup-carry.ts';

export type ProviderStatus = 'active' | 'claimLost' | 'none';

export const providerKey = (sub: string) => ({ PK: `P#${sub}`, SK: `PROVIDER#${sub}` });
export const stagedKey = (sub: string) => ({ PK: `PROVIDER#${sub}`, SK: 'STAGED' });

export async function profileExists(sub: string): Promise<boolean> {
  const out = await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: providerKey(sub), ConsistentRead: true }));
  return Boolean(out?.Item);
}

/** The sign-up's provider record: still staged, or already finalized into the practice (a retry). */
export async function readSignupProvider(sub: string): Promise<Record<string, unknown> | null> {
  const staged = (await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: stagedKey(sub), ConsistentRead: true })))?.Item;
  if (staged) return staged;
  return (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: providerKey(sub), ConsistentRead: true })))?.Item ?? null;
}

/**
 * 'active' when this call finalized the sign-up (or lost a race to another call that did),
 * 'none' when nothing is staged, 'claimLost' when the NPI claim expired and someone else took it.
 */

/** The sign-up facts of a staged provider record (strings; missing ones empty). */
function carried(provider: Record<string, unknown>): SignupFacts {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { firstName: text(provider.firstName), lastName: text(provider.lastName), phone: text(provider.phone), organization: text(provider.organization) };
}

export async function finalizeProvider(sub: string, now: Date = new Date()): Promise<ProviderStatus> {
  const directory = table('DIRECTORY_TABLE');
  const staged = (await dynamo().send(new GetCommand({ TableName: directory, Key: stagedKey(sub), ConsistentRead: true })))?.Item;
  if (!staged) return 'none';

  const { PK, SK, expiresAt, ...provider } = staged;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: directory,
              Key: { PK: `NPI#${provider.npi}`, SK: 'NPI' },
              UpdateExpression: 'SET #status = :active, confirmedAt = :at REMOVE expiresAt',
              // Only this user's claim: an expired claim someone else took stays theirs.
              ConditionExpression: '#sub = :sub',
              ExpressionAttributeNames: { '#status': 'status', '#sub': 'sub' },
              ExpressionAttributeValues: { ':active': 'active', ':at': now.toISOString(), ':sub': sub },
            },
          },
          {
            Put: {
              TableName: table('PRACTICE_TABLE'),
              Item: { ...providerKey(sub), ...provider, id: sub, status: 'active', confirmedAt: now.toISOString() },
            },
          },
          // A concurrent finalization deleted it first: this one must not write twice.
          { Delete: { TableName: directory, Key: stagedKey(sub), ConditionExpression: 'attribute_exists(PK)' } },
          // Sign-up's name, phone and organization carry into Profile and Practice details (issue 19).
          ...signupCarryItems(sub, sub, carried(provider), now.toISOString()).map((Item) => ({ Put: { TableName: table('PRACTICE_TABLE'), Item } })),
        ],
      }),
    );
    return 'active';
  } catch (error) {
    const reasons = (error as TransactionCanceledException).CancellationReasons;
    if (!reasons) throw error;
    if (reasons[2]?.Code === 'ConditionalCheckFailed') return 'active';
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'claimLost';
    throw error;
  }
}
