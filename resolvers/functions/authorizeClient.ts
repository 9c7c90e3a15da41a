/**
 * First step of every client principal's pipeline (issue 12; data source: DirectoryTable). The
 * second is authorizeClient.practices; resolvers/map.ts CLIENT_AUTHORIZE names both.
 *
 * Admits only a field whose rule is client.self (domain/permissions.ts isClientField) and a caller
 * whose verified token is in the Cognito group Clients; then reads the caller's links — one Query
 * on `CLIENTUSER#<sub>` (domain/client-link.ts), every request, so a revocation takes effect on the
 * next request. The same partition holds the client's last sign-out (Mutation.endClientSession):
 * a token of a sign-in that started before it is refused, as authorize does for members. The links are stashed for the next step, which keeps only those of practices whose
 * portal is on and whose plan has the Client Portal feature. Nothing comes from arguments or claims
 * other than the token's sub and groups.
 */
import { util, type DynamoDBQueryRequest } from '@aws-appsync/utils';
import { isClientField } from '../../domain/permissions.ts';
import { CLIENTS_GROUP } from '../../domain/identity.ts';
import { activeLinks, clientLinksPartition, clientSessionKey, type ClientLinkItem } from '../../domain/client-link.ts';
import { raiseStepError } from '../shared/errors.ts';
import { sessionEnded, type SignOutMark } from '../shared/session-end.ts';
import type { AnyArgs, ClientResolverContext, QueryResult } from '../shared/context.ts';

type Ctx = ClientResolverContext<AnyArgs, QueryResult>;

interface CognitoLikeIdentity {
  sub?: string;
  groups?: string[] | null;
  claims?: Record<string, unknown>;
}

/** A client is linked to at most this many practice records (one BatchGetItem reads two keys per practice); the partition also holds the sign-out mark. */
export const MAX_CLIENT_LINKS = 50;

export function request(ctx: Ctx): DynamoDBQueryRequest {
  const identity = ctx.identity as CognitoLikeIdentity | null;
  const field = ctx.info.parentTypeName + '.' + ctx.info.fieldName;
  if (!identity || !identity.sub || !isClientField(field) || (identity.groups || []).indexOf(CLIENTS_GROUP) < 0) {
    util.unauthorized();
  }
  return {
    operation: 'Query',
    // The links (LINK#…) and the last sign-out (SESSION, Mutation.endClientSession): one partition, one Query.
    query: {
      expression: 'PK = :pk',
      expressionValues: util.dynamodb.toMapValues({ ':pk': clientLinksPartition(identity.sub) }),
    },
    limit: MAX_CLIENT_LINKS + 1,
    consistentRead: true,
  };
}

export function response(ctx: Ctx): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const identity = ctx.identity as CognitoLikeIdentity;
  const all = ((ctx.result && ctx.result.items) || []) as Array<ClientLinkItem & SignOutMark & { SK?: string; email?: string }>;
  const mark = all.filter((i) => i.SK === clientSessionKey(identity.sub as string).SK);
  if (mark.length > 0 && sessionEnded(identity.claims, mark[0])) {
    util.unauthorized();
  }
  const items = all.filter((i) => i.SK !== clientSessionKey(identity.sub as string).SK);
  const links = activeLinks(items);
  const emails = items.filter((i) => !!i.email).map((i) => i.email as string);
  const client = { sub: identity.sub as string, email: emails.length > 0 ? emails[0] : null, links: links };
  ctx.stash.client = client;
  return client;
}
