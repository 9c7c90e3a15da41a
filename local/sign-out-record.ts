/**
 * Records a Cognito global sign-out on the user's membership (issue 11 §2), for the local runtime:
 * local/cognito calls it on GlobalSignOut and AdminUserGlobalSignOut, so the AppSync stand-in's
 * authorize step refuses the tokens of every sign-in that was live, as after Mutation.endSession.
 * The same attributes as that mutation writes (resolvers/shared/session-end.ts). AWS has no
 * event for a GlobalSignOut that could do this: see docs/decisions.md.
 */
import { QueryCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { membershipKey, tableName } from '../domain/tables.ts';
import { clientLinksPartition, clientSessionKey } from '../domain/client-link.ts';
import { signedOutSessions } from '../resolvers/shared/session-end.ts';

export interface GlobalSignOutEvent {
  /** The user's `sub`. */
  sub: string;
  /** When, epoch seconds (the tokens' clock). */
  at: number;
  /** origin_jti of every sign-in the sign-out ended (its refresh tokens). */
  originJtis: string[];
}

/** Marks the membership signed out; a user without a membership (not yet a member) has nothing to mark. */
export function signOutRecorder(client: DynamoDBClient, env: string): (event: GlobalSignOutEvent) => Promise<void> {
  return async ({ sub, at, originJtis }) => {
    try {
      await client.send(
        new UpdateItemCommand({
          TableName: tableName(env, 'Directory'),
          Key: marshall(membershipKey(sub)),
          UpdateExpression: 'SET signedOutAt = :at, signedOutSessions = :sessions',
          ExpressionAttributeValues: marshall({ ':at': at, ':sessions': signedOutSessions(originJtis) }),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
    } catch (error) {
      if ((error as Error)?.name !== 'ConditionalCheckFailedException') throw error;
    }
    // A client of the client portal (issue 12): the same mark beside their links (Mutation.endClientSession), if they have any.
    const links = await client.send(new QueryCommand({ TableName: tableName(env, 'Directory'), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: marshall({ ':pk': clientLinksPartition(sub) }), Limit: 1 }));
    if ((links.Items ?? []).length > 0) {
      await client.send(
        new UpdateItemCommand({
          TableName: tableName(env, 'Directory'),
          Key: marshall(clientSessionKey(sub)),
          UpdateExpression: 'SET signedOutAt = :at, signedOutSessions = :sessions, entity = :entity',
          ExpressionAttributeValues: marshall({ ':at': at, ':sessions': signedOutSessions(originJtis), ':entity': 'ClientSession' }),
        }),
      );
    }
  };
}
