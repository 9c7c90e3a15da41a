/**
 * First step of every pipeline (data source: DirectoryTable).
 *
 * Reads the caller's membership by `sub` (one GetItem, every request, so a role change or a
 * removal takes effect on the next request), checks the field's rule in domain/permissions.ts
 * against the membership's roles and the practice's plan, and stashes the caller for the
 * following steps. Practice, roles and plan never come from arguments or token claims.
 * A token whose sign-in the user has since signed out of (`signedOutAt` on the membership, see
 * resolvers/shared/session-end.ts) is refused: sign-out ends the session here, not only in Cognito.
 * A member without a second factor (the membership's `mfaEnrolled` not true, domain/mfa.ts) is
 * refused every field: the pool's MFA is optional for clients, never for clinicians.
 */
import { util, type DynamoDBGetItemRequest } from '@aws-appsync/utils';
import { membershipKey } from '../../domain/tables.ts';
import { canCall } from '../../domain/permissions.ts';
import { MFA_REQUIRED_MESSAGE, memberHasMfa } from '../../domain/mfa.ts';
import { sessionEnded } from '../shared/session-end.ts';
import { raiseStepError } from '../shared/errors.ts';
import type { AnyArgs, Caller, ResolverContext } from '../shared/context.ts';

interface CognitoLikeIdentity {
  sub?: string;
  groups?: string[] | null;
  claims?: Record<string, unknown>;
}

interface Membership {
  practiceId?: string;
  roles?: string[];
  groups?: string[];
  plan?: string;
  email?: string;
  signedOutAt?: number;
  signedOutSessions?: string[];
  mfaEnrolled?: boolean;
}

export function request(ctx: ResolverContext<AnyArgs>): DynamoDBGetItemRequest {
  const identity = ctx.identity as CognitoLikeIdentity | null;
  if (!identity || !identity.sub) {
    util.unauthorized();
  }
  return {
    operation: 'GetItem',
    key: util.dynamodb.toMapValues(membershipKey(identity.sub)),
    consistentRead: true,
  };
}

export function response(ctx: ResolverContext<AnyArgs>): Record<string, unknown> {
  if (ctx.error) {
    raiseStepError(ctx);
  }
  const identity = ctx.identity as CognitoLikeIdentity | null;
  const membership = ctx.result as Membership | null;
  if (!identity || !identity.sub || !membership || !membership.practiceId) {
    util.unauthorized();
  }
  const member = membership;
  if (sessionEnded(identity.claims, member)) {
    util.unauthorized();
  }
  if (!memberHasMfa(member)) {
    util.error(MFA_REQUIRED_MESSAGE, 'Unauthorized');
  }
  const roles = member.roles || [];
  const plan = member.plan || '';
  const field = ctx.info.parentTypeName + '.' + ctx.info.fieldName;
  if (!canCall(field, roles, plan, member.groups || [])) {
    util.unauthorized();
  }
  const claims = identity.claims || {};
  const caller: Caller = {
    sub: identity.sub,
    practiceId: member.practiceId as string,
    roles: roles,
    plan: plan,
    groups: identity.groups || [],
    email: member.email || (claims.email as string | undefined) || null,
  };
  ctx.stash.caller = caller;
  return caller;
}
