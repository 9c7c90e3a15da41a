/**
 * The supervising provider on claims (issue 18): who supervised a clinician on the date of service
 * (the first assignment covers earlier dates, later changes apply from their day), the 2310D
 * provider from the supervisor's profile, the payer setting, and the scrub's refusal of a
 * supervisor without an NPI.
 */
import { describe, expect, it } from 'vitest';
import { requiresSupervising, SINCE_EVER, supervisingProviderOf, supervisorOn, withPeriod } from '../../../domain/insurance/supervising.ts';
import { invalidNpi } from '../../../domain/insurance/scrub.ts';
import type { BillingProvider, ClaimBundle } from '../../../domain/insurance/x12/claim-input.ts';

describe('supervisor at the date of service', () => {
  it('the first assignment covers every earlier date; a change applies from its day; ending it leaves later dates unsupervised', () => {
    const first = { supervisorIds: ['sara'], periods: withPeriod(null, ['sara'], '2026-03-01') };
    expect(first.periods).toEqual([{ from: SINCE_EVER, supervisorIds: ['sara'] }]);
    expect(supervisorOn(first, '2025-12-31')).toBe('sara');
    const changed = { supervisorIds: ['max', 'sara'], periods: withPeriod(first, ['max', 'sara'], '2026-05-10') };
    expect(supervisorOn(changed, '2026-05-09')).toBe('sara');
    expect(supervisorOn(changed, '2026-05-10')).toBe('max');
    const ended = { supervisorIds: [], periods: withPeriod(changed, [], '2026-06-01') };
    expect(supervisorOn(ended, '2026-05-31')).toBe('max');
    expect(supervisorOn(ended, '2026-06-01')).toBeNull();
  });

  it('a record written before periods existed reads as its supervisors since ever; the same list again adds nothing; a second change the same day replaces it', () => {
    const old = { supervisorIds: ['sara'] };
    expect(supervisorOn(old, '2020-01-01')).toBe('sara');
    expect(withPeriod(old, ['sara'], '2026-07-01')).toEqual([{ from: SINCE_EVER, supervisorIds: ['sara'] }]);
    const once = withPeriod(old, ['max'], '2026-07-01');
    expect(withPeriod({ periods: once }, ['ana'], '2026-07-01')).toEqual([{ from: SINCE_EVER, supervisorIds: ['sara'] }, { from: '2026-07-01', supervisorIds: ['ana'] }]);
    expect(supervisorOn(null, '2026-07-01')).toBeNull();
    expect(supervisorOn({ supervisorIds: [] }, '2026-07-01')).toBeNull();
  });

  it('the provider comes from the Therapist profile (provider name, else the person name); the payer setting is explicit', () => {
    expect(supervisingProviderOf({ provider: { firstName: 'Sara', lastName: 'Stone', npi: ' 1234567893 ' } })).toEqual({ name: { first: 'Sara', last: 'Stone' }, npi: '1234567893' });
    expect(supervisingProviderOf({ person: { first: 'Sara', last: 'Stone' } })).toEqual({ name: { first: 'Sara', last: 'Stone' }, npi: '' });
    expect(requiresSupervising({ requiresSupervisingProvider: true })).toBe(true);
    expect(requiresSupervising({ requiresSupervisingProvider: 'yes' })).toBe(false);
    expect(requiresSupervising(null)).toBe(false);
  });
});

describe('scrub: the supervising provider', () => {
  const billing = { npi: '1234567893' } as BillingProvider;
  const bundle = (npi: string) => ({
    payer: { name: 'Aetna' }, rendering: { name: { first: 'Bianca', last: 'Bell' }, npi: '1987654328' }, supervising: { name: { first: 'Sara', last: 'Stone' }, npi },
  }) as unknown as ClaimBundle;

  it('a supervisor without an NPI stops the claim with a message naming the payer, the supervisor and where to add it', () => {
    expect(invalidNpi(bundle(''), { billing, today: '2026-11-26', claimsOnFile: [], authorizations: [] })).toEqual([{
      rule: 'invalidNpi', severity: 'error', field: 'supervising.npi',
      message: 'Aetna requires the supervising provider on claims, and Sara Stone (who supervises Bianca Bell) has no NPI: add it as Provider NPI in Sara Stone’s profile, then scrub again.',
    }]);
    expect(invalidNpi(bundle('1234567890'), { billing, today: '2026-11-26', claimsOnFile: [], authorizations: [] })[0]).toMatchObject({ field: 'supervising.npi', message: expect.stringContaining('fails the NPI check digit') });
    expect(invalidNpi(bundle('1234567893'), { billing, today: '2026-11-26', claimsOnFile: [], authorizations: [] })).toEqual([]);
  });
});
