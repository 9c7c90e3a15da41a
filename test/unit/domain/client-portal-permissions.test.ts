/** Who may call the client portal's fields (issue 12): the Client Portal feature (Professional) and the roles; client fields are no role's. */
import { describe, expect, it } from 'vitest';
import { canCall, isClientField, ROLE_PERMISSIONS } from '../../../domain/permissions.ts';
import { PLANS } from '../../../domain/plan.ts';

const CLINICIAN_FIELDS = ['Query.getClientPortalAccess', 'Mutation.inviteClientToPortal', 'Mutation.revokeClientPortalAccess', 'Query.getClientPortalDetails', 'Mutation.addClientPortal'];
const CLIENT_FIELDS = ['Query.clientMe', 'Query.clientAppointments', 'Mutation.editClientProfile', 'Mutation.endClientSession'];

describe('client portal permissions', () => {
  it('gates the clinician side to Professional (pricing: Client Portal)', () => {
    for (const field of CLINICIAN_FIELDS) {
      expect(PLANS.filter((plan) => canCall(field, ['owner'], plan))).toEqual(['professional']);
    }
  });

  it('lets client editors invite and revoke, and only owner and admin set the portal up', () => {
    const roles = Object.keys(ROLE_PERMISSIONS);
    expect(roles.filter((r) => canCall('Mutation.inviteClientToPortal', [r], 'professional')).sort()).toEqual(['biller', 'clinicianAdmin', 'clinicianBasic', 'clinicianBasicBilling', 'clinicianFullClient', 'owner', 'scheduler']);
    expect(roles.filter((r) => canCall('Mutation.addClientPortal', [r], 'professional')).sort()).toEqual(['clinicianAdmin', 'owner']);
  });

  it('gives the client fields to no role or group: only the client principal (authorizeClient) calls them', () => {
    for (const field of CLIENT_FIELDS) {
      expect(isClientField(field)).toBe(true);
      expect(Object.keys(ROLE_PERMISSIONS).some((r) => canCall(field, [r], 'professional', ['coordinators']))).toBe(false);
    }
    expect(isClientField('Query.getClients')).toBe(false);
    expect(isClientField('constructor')).toBe(false);
  });
});
