/**
 * Insurance.invoke (data source: Lambda:eligibility; issue 16): a client's insurance and eligibility
 * checks (after ClientAccess.client, which found the client in the caller's practice and scope —
 * else NotFound, nothing read) and the payers and enrollments. The practice and the caller come
 * from the authorize step, never from arguments; the audit step records client reads and writes.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type {
  MutationEnrollProviderToPayerListArgs, MutationUpdateClientInsuranceArgs, QueryGetAllPayersArgs, QueryGetClientInsuranceArgs, QueryGetInsurancePayerArgs, QueryGetNewCoverageArgs,
} from '../../domain/graphql.generated.ts';

type Args = SharedArgs<QueryGetClientInsuranceArgs | QueryGetNewCoverageArgs | MutationUpdateClientInsuranceArgs | QueryGetAllPayersArgs | QueryGetInsurancePayerArgs | MutationEnrollProviderToPayerListArgs>;
type Ctx = ResolverContext<Args, Record<string, unknown>>;

const ACTIONS: Record<string, string> = {
  getClientInsurance: 'insurance.read',
  updateClientInsurance: 'insurance.update',
  getNewCoverage: 'eligibility.check',
  enrollProviderToPayerList: 'payer.enroll',
  startEligibilityRecheck: 'eligibility.recheck',
};

export function request(ctx: Ctx): LambdaRequest {
  const caller = ctx.stash.caller;
  const client = ctx.stash.portalClient as { id: string } | undefined;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId },
      clientId: client ? client.id : null,
      args: {
        search: ctx.args.search, payerId: ctx.args.payerId, eligibleId: ctx.args.eligibleId,
        version: ctx.args.version, input: ctx.args.input, serviceCode: ctx.args.serviceCode, fee: ctx.args.fee,
      },
    },
  };
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx) as Record<string, unknown>;
  const action = ACTIONS[ctx.info.fieldName];
  if (action) {
    const client = ctx.stash.portalClient as { id: string } | undefined;
    const checkId = ctx.info.fieldName === 'getNewCoverage' ? (result.id as string) : null;
    if (client) {
      ctx.stash.audit = { action: action, entityType: checkId ? 'EligibilityCheck' : 'Client', entityId: checkId ? checkId : client.id };
    } else if (ctx.info.fieldName === 'startEligibilityRecheck') {
      // Every insured client is checked again by the system on the starter's behalf: the start is recorded with the job.
      ctx.stash.audit = { action: action, entityType: 'EligibilityRecheck', entityId: result.id as string };
    } else {
      ctx.stash.audit = { action: action, entityType: 'PayerEnrollment', entityId: ctx.args.payerId || null };
    }
  }
  return result;
}
