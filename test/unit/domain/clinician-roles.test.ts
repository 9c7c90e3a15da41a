// One source for appointment rights and the clinician roles (issue 17): FIELD_RULES says `anyOf`,
// the clinician roles are derived from the role table, and the rest of the code takes both from there.
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../domain/identity.ts';
import { appointmentAccess } from '../../../domain/appointment/access.ts';
import { canCall, CLINICIAN_ROLES, FIELD_RULES, isClinician, ROLE_PERMISSIONS, PERMISSIONS } from '../../../domain/permissions.ts';

const READS = ['Query.listAppointments', 'Query.getAppointment', 'Query.getServicesOffered', 'Query.getAppointmentSettings', 'Query.listClinicians'];
const WRITES = ['Mutation.createAppointment', 'Mutation.editAppointment', 'Mutation.cancelAppointment', 'Mutation.setAppointmentStatus'];

describe('clinician roles, derived from the role table', () => {
  it('are the roles that write clinical notes: the owner, clinicianAdmin and the three clinician roles', () => {
    expect(CLINICIAN_ROLES).toEqual(['owner', 'clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic']);
    expect(CLINICIAN_ROLES).toEqual(ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(PERMISSIONS.notesOwn)));
  });

  it('isClinician: any clinician role among several; supervisor, biller, scheduler and unknown roles are not', () => {
    expect(isClinician(['biller', 'clinicianBasic'])).toBe(true);
    for (const role of ['supervisor', 'biller', 'scheduler', 'coordinators', 'constructor']) expect(isClinician([role])).toBe(false);
    expect(isClinician(null)).toBe(false);
  });
});

describe('appointment fields: the rights are in FIELD_RULES (anyOf), not a member-wide permission', () => {
  it('reading needs an appointment right: every role but none of the coordinators', () => {
    for (const field of READS) {
      for (const role of ROLES) expect(canCall(field, [role], 'professional'), `${role} ${field}`).toBe(true);
      expect(canCall(field, [], 'professional', ['coordinators']), field).toBe(false);
    }
  });

  it('writing needs own or all: supervisor and biller (locked) and coordinators are refused', () => {
    for (const field of WRITES) {
      for (const role of ROLES) {
        expect(canCall(field, [role], 'professional'), `${role} ${field}`).toBe(appointmentAccess([role]).write !== 'none');
      }
      expect(canCall(field, ['supervisor'], 'professional')).toBe(false);
      expect(canCall(field, ['biller'], 'professional')).toBe(false);
      expect(canCall(field, [], 'professional', ['coordinators'])).toBe(false);
    }
  });

  it('the field rules agree with appointmentAccess for every role (read and write)', () => {
    for (const role of ROLES) {
      const access = appointmentAccess([role]);
      expect(canCall('Query.listAppointments', [role], 'professional')).toBe(access.read !== 'none');
      expect(canCall('Mutation.editAppointment', [role], 'professional')).toBe(access.write !== 'none');
    }
  });

  it('a rule naming neither a permission nor anyOf lets nobody in', () => {
    const key = 'Query.__emptyRuleForTest';
    FIELD_RULES[key] = {};
    try {
      expect(canCall(key, ['owner'], 'professional')).toBe(false);
    } finally {
      delete FIELD_RULES[key];
    }
  });
});
