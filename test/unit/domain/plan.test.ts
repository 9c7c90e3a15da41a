/** The plan rules in one module (domain/plan.ts, issue 17): ids in order, names, gating, the current plan. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_NAME, FEATURES, PLANS, PLAN_NAMES, isPlan, planHas, toCurrentPlan } from '../../../domain/plan.ts';
import { PLAN_OFFERS } from '../../../domain/pricing.ts';
import { canCall } from '../../../domain/permissions.ts';

describe('domain/plan.ts', () => {
  it('lists the plans cheapest first, as the pricing page offers them', () => {
    expect(PLANS).toEqual(['basic', 'premium', 'professional']);
    expect(PLAN_OFFERS.map((o) => o.id)).toEqual([...PLANS]);
    expect(PLAN_NAMES.basic).toBe(DEFAULT_PLAN_NAME);
  });
  it('knows only its own plan ids, and an unknown plan has no feature and no field', () => {
    expect(PLANS.every(isPlan)).toBe(true);
    expect(['enterprise', 'constructor', '__proto__', ''].some(isPlan)).toBe(false);
    expect(planHas('constructor', FEATURES.core)).toBe(false);
    expect(canCall('Query.me', ['owner'], 'enterprise')).toBe(false);
    expect(canCall('Query.me', ['owner'], 'basic')).toBe(true);
  });
  it('gates appointments to premium and professional', () => {
    expect(PLANS.filter((p) => planHas(p, FEATURES.appointments))).toEqual(['premium', 'professional']);
  });
  it('reads the current plan from the owner record, basic/ESSENTIALS by default', () => {
    expect(toCurrentPlan(null)).toMatchObject({ planId: 'basic', planName: 'ESSENTIALS', isOnTrial: 0, teleHealth: false });
    expect(toCurrentPlan({ plan: 'professional', isOnTrial: 1 })).toMatchObject({ planId: 'professional', planName: 'PROFESSIONAL', isOnTrial: 1 });
  });
});
