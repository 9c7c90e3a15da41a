/**
 * The demo practice's insurance (issue 16): the billing provider (insurance setting: the practice's
 * name, the demo owner's NPI, a taxonomy and address), insurance for four demo clients with the
 * sandbox's test member ids (README "Clearinghouse sandbox") — one a dependent on a parent's plan —
 * and a few eligibility checks as the eligibility Lambda stores them, answered by the sandbox.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { settingsKey, validateInsuranceSetting } from '../domain/practice.ts';
import { validateClientInsurance } from '../domain/insurance/eligibility-client-insurance.ts';
import { nextRecheckDay, recheckKeys } from '../domain/insurance/eligibility-recheck.ts';
import { buildEligibilityRequest, controlNumberFrom } from '../domain/insurance/eligibility-request.ts';
import { estimateResponsibility, mapStediEligibility } from '../domain/insurance/eligibility.ts';
import { CHECK_PREFIX, clientChecksPartition, clinicianChecksPartition } from '../domain/insurance/eligibility-check.ts';
import { getPayer } from '../domain/insurance/payers.ts';
import { sandboxEligibility } from '../functions/shared/clearinghouse/sandbox-members.ts';
import { DEMO_OWNER_NPI } from './demo-accounts.ts';

const SERVICES = [{ service: '90837', amount: 16000, default: true }, { service: '90834', amount: 13000 }, { service: '90791', amount: 20000 }];

/** First name of a seeded client → their insurance, and whether a check was already run. */
const DEMO_INSURANCE: Record<string, { payerId: string; memberId: string; groupId: string; coPay?: number; insured?: { relationship: string; firstName: string; lastName: string; dateOfBirth: string }; checked: boolean }> = {
  Avery: { payerId: '60054', memberId: 'SBX100000001', groupId: '0123456-010', coPay: 3000, checked: true },
  Jordan: { payerId: '84980', memberId: 'SBX100000002', groupId: '123456', insured: { relationship: 'child', firstName: 'Maria', lastName: 'Reyes', dateOfBirth: '06/02/1968' }, checked: true },
  Casey: { payerId: '62308', memberId: 'SBX100000003', groupId: '3334444', checked: false },
  Riley: { payerId: '87726', memberId: 'SBX100000004', groupId: '705555', checked: true },
};

export async function seedDemoInsurance(db: DynamoDBDocumentClient, table: string, practiceId: string, ownerSub: string, now = new Date()): Promise<void> {
  const stamp = now.toISOString();
  const setting = validateInsuranceSetting({ providerInfo: { type: 'organization', practiceDefault: true, practiceName: 'Owens Family Therapy', npi: DEMO_OWNER_NPI, taxonomyCode: '101YM0800X', address: { street: '410 NW 10th Ave', city: 'Portland', state: 'OR', zip: '97209-3312' } }, serviceLocation: { includeInClaim: true } }).data;
  await db.send(new PutCommand({ TableName: table, Item: { ...settingsKey(practiceId, 'InsuranceSetting'), kind: 'InsuranceSetting', data: setting, version: 1, updatedAt: stamp, updatedBy: ownerSub } }));
  const clients = ((await db.send(new QueryCommand({ TableName: table, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':sk': 'Client#' } }))).Items ?? []);  
  let minutesAgo = 60 * 24 * 3;
  for (const client of clients) {
    const plan = DEMO_INSURANCE[client.personalDetail?.first as string];
    if (!plan) continue;
    const insured = plan.insured ?? { relationship: 'self' };
    const data = validateClientInsurance({
      billingType: 'insurance',
      insuranceInfo: { type: 'primary', payerId: plan.payerId, payerName: getPayer(plan.payerId)?.names[0], memberId: plan.memberId, groupId: plan.groupId, coPay: plan.coPay, cardOnFile: true, primaryInsured: insured },
      defaultServices: SERVICES,
    }).data;
    await db.send(new PutCommand({ TableName: table, Item: { PK: `P#${practiceId}`, SK: `ClientInsurance#${client.id}`, entityType: 'ClientInsurance', clientId: client.id, data, version: 1, updatedAt: stamp, updatedBy: ownerSub, ...recheckKeys(nextRecheckDay(now), practiceId, client.id) } }));
    if (!plan.checked) continue;
    const checkedAt = new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    minutesAgo -= 60 * 20;
    const id = randomUUID();
    const person = { firstName: client.personalDetail.first, lastName: client.personalDetail.last, dateOfBirth: client.dateOfBirth };
    const self = insured.relationship === 'self';
    const request = buildEligibilityRequest({
      controlNumber: controlNumberFrom(id),
      payer: { id: plan.payerId, name: getPayer(plan.payerId)?.names[0] ?? plan.payerId },
      provider: { organizationName: 'Owens Family Therapy', npi: DEMO_OWNER_NPI },
      subscriber: self ? { ...person, memberId: plan.memberId } : { ...(plan.insured as { firstName: string; lastName: string; dateOfBirth: string }), memberId: plan.memberId },
      dependent: self ? null : { ...person, relationship: insured.relationship },
    });
    const response = sandboxEligibility(request);
    const summary = mapStediEligibility(response);
    const sort = `${CHECK_PREFIX}${checkedAt}#${id}`;
    await db.send(new PutCommand({
      TableName: table,
      Item: {
        PK: `P#${practiceId}`, SK: sort, GSI1PK: clientChecksPartition(practiceId, client.id), GSI1SK: sort, GSI2PK: clinicianChecksPartition(practiceId, client.therapistId), GSI2SK: sort,
        entityType: 'EligibilityCheck', id, clientId: client.id, therapistId: client.therapistId, clientName: `${person.firstName} ${person.lastName}`,
        checkedAt, checkedBy: ownerSub, payerId: plan.payerId, payerName: summary.payerName, memberId: plan.memberId, clearinghouse: 'sandbox',
        summary, serviceCode: '90837', feeCents: 16000, estimate: estimateResponsibility(summary, 16000), raw: JSON.stringify(response),
      },
    }));
  }
}
