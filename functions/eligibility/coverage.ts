/**
 * getNewCoverage(clientId, serviceCode?, fee?): one eligibility check for a client (issue 16). Builds
 * the request from the client, the subscriber and dependent (the client's insurance), the practice
 * (insurance setting and billing settings: NPI, name, tax id, address) and the payer; the spec's
 * hyphen rule is applied by domain/insurance/eligibility-request.ts. Calls the clearinghouse, maps
 * the 271, estimates the client's share of the session's fee, and stores the check with its time.
 * A clearinghouse that cannot answer stores nothing (the refusal goes back); a payer's answer —
 * inactive, not found, payer down — is a check like any other and is stored.
 */
import { randomUUID } from 'node:crypto';
import { Refusal } from '../shared/refusal.ts';
import { clearinghouseFromEnv } from '../shared/clearinghouse/index.ts';
import { clientKey, toClient } from '../../domain/client.ts';
import { settingsKey } from '../../domain/practice.ts';
import { getPayer } from '../../domain/insurance/payers.ts';
import { buildEligibilityRequest, controlNumberFrom, type EligibilityInput } from '../../domain/insurance/eligibility-request.ts';
import { estimateResponsibility, mapStediEligibility } from '../../domain/insurance/eligibility.ts';
import { getItem, putItem, readInsurance, type Item } from './store.ts';
import { CHECK_PREFIX, clientChecksPartition, clinicianChecksPartition, toEligibilityCheck } from '../../domain/insurance/eligibility-check.ts';
import { practicePartition } from '../../domain/tables.ts';

export const MESSAGES = {
  noInsurance: 'Add the client’s insurance (payer and member id) before checking eligibility.',
  noNpi: 'Add the practice’s NPI (Billing And Service: insurance setting or billing settings) before checking eligibility.',
  noPracticeName: 'Add the billing provider’s name (Billing And Service: insurance setting) before checking eligibility.',
  badFee: 'The fee must be a whole number of cents from 0 to 10,000,000.',
} as const;

export interface CheckArgs {
  serviceCode?: string | null;
  fee?: number | null;
}

/** The API shape of a stored check (schema.graphql EligibilityCheck). */
export const toCheck = toEligibilityCheck;

function feeFor(args: CheckArgs, services: { service: string; amount: number; default: boolean }[]): { serviceCode: string | null; feeCents: number | null } {
  if (args.fee !== undefined && args.fee !== null) {
    if (!Number.isInteger(args.fee) || args.fee < 0 || args.fee > 10_000_000) throw new Refusal(MESSAGES.badFee, 'ValidationError', [{ field: 'fee', reason: 'format' }]);
    return { serviceCode: args.serviceCode ?? null, feeCents: args.fee };
  }
  const chosen = (args.serviceCode ? services.find((s) => s.service === args.serviceCode) : null) ?? services.find((s) => s.default) ?? services[0];
  return chosen ? { serviceCode: chosen.service, feeCents: chosen.amount } : { serviceCode: args.serviceCode ?? null, feeCents: null };
}

export async function newCoverage(practiceId: string, caller: string, clientId: string, args: CheckArgs, now = new Date()): Promise<Item> {
  const clientItem = await getItem(clientKey(practiceId, clientId));
  if (!clientItem) throw new Refusal('Client not found', 'NotFound');
  const client = toClient(clientItem);
  const insurance = (await readInsurance(practiceId, clientId)).data;
  const info = insurance.insuranceInfo;
  if (insurance.billingType !== 'insurance' || !info.payerId || !info.memberId) {
    throw new Refusal(MESSAGES.noInsurance, 'ValidationError', [{ field: 'insuranceInfo', reason: 'required' }]);
  }
  const [insuranceSetting, billing] = await Promise.all([getItem(settingsKey(practiceId, 'InsuranceSetting')), getItem(settingsKey(practiceId, 'BillingSettings'))]);
  const providerInfo = ((insuranceSetting?.data as Item | undefined)?.providerInfo ?? {}) as Item;
  const billingData = (billing?.data ?? {}) as Item;
  const npi = (providerInfo.npi as string | null) || (billingData.organizationNPI as string | null);
  if (!npi) throw new Refusal(MESSAGES.noNpi, 'ValidationError', [{ field: 'providerInfo.npi', reason: 'required' }]);
  const names = (providerInfo.names ?? {}) as Item;
  const individual = providerInfo.type === 'individual';
  const organizationName = individual ? null : ((providerInfo.practiceName as string | null) ?? null);
  if (!organizationName && !(names.firstName && names.lastName)) throw new Refusal(MESSAGES.noPracticeName, 'ValidationError', [{ field: 'providerInfo.practiceName', reason: 'required' }]);
  const providerAddress = (providerInfo.address ?? {}) as Item;
  const billingAddress = (billingData.address ?? {}) as Item;
  const payer = getPayer(info.payerId);
  const payerName = payer?.names[0] ?? info.payerName ?? info.payerId;
  const insured = info.primaryInsured;
  const clientPerson = {
    firstName: client.personalDetail.first, lastName: client.personalDetail.last, dateOfBirth: client.dateOfBirth, gender: client.gender,
    address: { line1: client.address.line1, line2: client.address.line2, city: client.address.city, state: client.address.state, zip: client.address.zip },
  };
  const self = insured.relationship === 'self';
  const id = randomUUID();
  const input: EligibilityInput = {
    controlNumber: controlNumberFrom(id),
    payer: { id: info.payerId, name: payerName },
    provider: {
      organizationName, firstName: (names.firstName as string) ?? null, lastName: (names.lastName as string) ?? null, npi,
      taxId: (billingData.taxId as string | null) ?? null,
      address: {
        line1: (providerAddress.street as string) ?? (billingAddress.line1 as string) ?? null, city: (providerAddress.city as string) ?? (billingAddress.city as string) ?? null,
        state: (providerAddress.state as string) ?? (billingAddress.state as string) ?? null, zip: (providerAddress.zip as string) ?? (billingAddress.zip as string) ?? null,
      },
    },
    subscriber: self
      ? { ...clientPerson, memberId: info.memberId, groupNumber: info.groupId }
      : { firstName: insured.firstName ?? '', lastName: insured.lastName ?? '', dateOfBirth: insured.dateOfBirth ?? '', gender: insured.gender, address: insured.address, memberId: info.memberId, groupNumber: info.groupId },
    dependent: self ? null : { ...clientPerson, relationship: insured.relationship },
    dateOfService: now.toISOString().slice(0, 10),
  };
  const clearinghouse = clearinghouseFromEnv();
  const response = await clearinghouse.checkEligibility(buildEligibilityRequest(input));
  const summary = mapStediEligibility(response);
  const { serviceCode, feeCents } = feeFor(args, insurance.defaultServices);
  const estimate = feeCents === null ? null : estimateResponsibility(summary, feeCents);
  const checkedAt = now.toISOString();
  const sort = `${CHECK_PREFIX}${checkedAt}#${id}`;
  const item: Item = {
    PK: practicePartition(practiceId), SK: sort,
    GSI1PK: clientChecksPartition(practiceId, clientId), GSI1SK: sort,
    GSI2PK: clinicianChecksPartition(practiceId, client.therapistId), GSI2SK: sort,
    entityType: 'EligibilityCheck', id, clientId, therapistId: client.therapistId,
    clientName: `${client.personalDetail.first} ${client.personalDetail.last}`,
    checkedAt, checkedBy: caller, payerId: info.payerId, payerName: summary.payerName ?? payerName, memberId: info.memberId,
    clearinghouse: clearinghouse.name, summary, serviceCode, feeCents, estimate, raw: JSON.stringify(response),
  };
  await putItem(item);
  return toCheck(item);
}
