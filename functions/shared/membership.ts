/**
 * The practice membership record (Directory table, key membershipKey(sub)): which practice a user
 * belongs to, with which roles, on which plan. Read by `sub` in every authorize step and by the
 * pre-token-generation trigger; created for a new owner by the post-confirmation trigger.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { membershipKey } from '../../domain/tables.ts';
import type { Role } from '../../domain/identity.ts';
import { DEFAULT_PLAN_NAME, type Plan } from '../../domain/plan.ts';
import { dynamo, table } from './aws.ts';

export interface Membership {
  PK: string;
  SK: 'MEMBERSHIP';
  practiceId: string;
  roles: Role[];
  /** Cognito groups that carry permissions of their own (coordinators); mirrors the user pool. */
  groups: string[];
  plan: Plan;
  planName: string;
  email: string;
  createdAt: string;
  GSI1PK: string;
  GSI1SK: string;
  isOnTrial?: string | number;
  subscriptionDue?: string;
  customerId?: string;
  /** The MFA mark (domain/mfa.ts), kept by the pre-token-generation trigger. */
  mfaEnrolled?: boolean;
}

export function ownerMembership(sub: string, email: string, now: Date, group = 'Therapists'): Membership {
  return {
    ...(membershipKey(sub) as { PK: string; SK: 'MEMBERSHIP' }),
    practiceId: sub,
    roles: ['owner'],
    groups: [group],
    plan: 'basic',
    planName: DEFAULT_PLAN_NAME,
    email: email.toLowerCase(),
    createdAt: now.toISOString(),
    GSI1PK: `P#${sub}`,
    GSI1SK: `USER#${sub}`,
  };
}

/** Creates the membership unless one exists (a retried trigger, or a user invited to a team). */
export async function createMembershipIfAbsent(item: Membership): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: table('DIRECTORY_TABLE'), Item: item, ConditionExpression: 'attribute_not_exists(PK)' }));
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException || (err as Error)?.name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

export async function getMembership(sub: string): Promise<Membership | null> {
  const out = await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: membershipKey(sub), ConsistentRead: true }));
  return (out.Item as Membership | undefined) ?? null;
}
