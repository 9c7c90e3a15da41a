/**
 * eligibility: the AppSync Lambda data source for client insurance, eligibility and payers (issue 16;
 * the design card's eligibility Lambda). Called after `authorize` (and, for a client's fields,
 * ClientAccess.client, which found the client in the caller's practice and scope); the payload is
 * {field, caller: {sub, practiceId}, clientId?, args}. The pipeline's audit step records each read
 * and write of a client's insurance or checks. The clearinghouse is chosen by configuration
 * (functions/shared/clearinghouse).
 */
import { appsyncHandler, Refusal } from '../shared/refusal.ts';
import { problemSummaryOf, toClientInsurance } from './insurance.ts';
import { validateClientInsurance } from '../../domain/insurance/eligibility-client-insurance.ts';
import { newCoverage, toCheck } from './coverage.ts';
import { allPayers, enroll, enrollments, insurancePayer } from './payers.ts';
import { readInsurance, recentChecks, writeInsurance, type Item } from './store.ts';
import { recheckJob, runRecheckLeg, startRecheck, type RecheckLeg } from './recheck-now.ts';

export interface EligibilityRequest {
  field: string;
  caller?: { sub: string; practiceId: string };
  clientId?: string;
  args: Item;
}

const RECENT = 10;

export async function run(request: EligibilityRequest, now = new Date()): Promise<unknown> {
  // A leg of "Recheck now", started by this Lambda itself (hand-over.ts), never by AppSync (no such field).
  if (request.field === 'eligibilityRecheckLeg') return runRecheckLeg(request as unknown as RecheckLeg);
  const caller = request.caller;
  if (!caller?.sub || !caller.practiceId) throw new Refusal('Not authorized', 'Unauthorized');
  const { practiceId, sub } = caller;
  const args = request.args ?? {};
  switch (request.field) {
    case 'getAllPayers':
      return allPayers(args.search);
    case 'getInsurancePayer':
      return insurancePayer(args.payerId);
    case 'getPayerListEnrollments':
      return enrollments(practiceId);
    case 'enrollProviderToPayerList':
      return enroll(practiceId, sub, args.payerId, args.eligibleId, now);
    case 'startEligibilityRecheck':
      return startRecheck(practiceId, sub, now);
    case 'getEligibilityRecheck':
      return recheckJob(practiceId);
  }
  const clientId = request.clientId;
  if (!clientId) throw new Refusal('Client not found', 'NotFound');
  switch (request.field) {
    case 'getClientInsurance': {
      const stored = await readInsurance(practiceId, clientId);
      return toClientInsurance(clientId, stored, (await recentChecks(practiceId, clientId, RECENT)).map(toCheck));
    }
    case 'updateClientInsurance': {
      const version = args.version;
      if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) throw new Refusal('Invalid client insurance input: version (format)', 'ValidationError', [{ field: 'version', reason: 'format' }]);
      const validation = validateClientInsurance(args.input, now.toISOString().slice(0, 10));
      if (validation.problems.length > 0) throw new Refusal(problemSummaryOf(validation.problems), 'ValidationError', validation.problems);
      const stored = await writeInsurance(practiceId, clientId, version, validation.data, sub, now.toISOString());
      return toClientInsurance(clientId, stored, (await recentChecks(practiceId, clientId, RECENT)).map(toCheck));
    }
    case 'getNewCoverage':
      return newCoverage(practiceId, sub, clientId, { serviceCode: (args.serviceCode as string) ?? null, fee: (args.fee as number) ?? null }, now);
  }
  throw new Error(`eligibility: unknown field ${request.field}`);
}

export const handler = appsyncHandler('eligibility', (event: EligibilityRequest) => run(event));
