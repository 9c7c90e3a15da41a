/**
 * What sign-up already told us, carried into the practice (issue 19): the owner's Profile (first
 * and last name, phone) and the practice's Practice details (organization as its name, phone), as
 * the stored items getTherapist and getPracticeDetails read — version 1, so a later edit follows
 * the usual version rule. Written once, when the sign-up is finalized (functions/confirm-provider
 * finalize.ts), and by the local demo seed. Pure.
 */
import { settingsKey, validatePracticeDetails } from './practice.ts';
import { therapistKey } from './profile.ts';

export interface SignupFacts {
  firstName: string;
  lastName: string;
  /** E.164, as stage-provider stored it. */
  phone: string;
  organization: string;
}

/** The Profile and Practice details items (keys included) of a new practice's owner. */
export function signupCarryItems(practiceId: string, sub: string, facts: SignupFacts, now: string): Record<string, unknown>[] {
  const profile = {
    ...therapistKey(practiceId, sub),
    entity: 'Therapist',
    person: { first: facts.firstName, middle: null, last: facts.lastName, gender: null, dob: null, phone: facts.phone },
    address: { line1: null, line2: null, city: null, state: null, zip: null },
    provider: null,
    version: 1,
    updatedAt: now,
    updatedBy: sub,
  };
  // The practice details as if saved with these fields: the validator fills the defaults (timezone).
  const withPhone = validatePracticeDetails({ name: facts.organization, phone: { number: facts.phone, type: 'Office' } });
  const details = withPhone.problems.length === 0 ? withPhone : validatePracticeDetails({ name: facts.organization });
  const practice = { ...settingsKey(practiceId, 'PracticeDetails'), kind: 'PracticeDetails', data: details.data, version: 1, updatedAt: now, updatedBy: sub };
  return details.problems.length === 0 ? [profile, practice] : [profile];
}
