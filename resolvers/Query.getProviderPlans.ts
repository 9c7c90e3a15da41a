/**
 * Query.getProviderPlans (data source: NONE): the plans a practice can choose, from
 * domain/pricing.ts (amounts in whole US dollars a month; Tele Health is the video feature, per
 * clinician). No additional-clinician price exists yet: null.
 */
import type { NONERequest } from '@aws-appsync/utils';
import { PLAN_OFFERS, TELE_HEALTH_ADD_ON, type PlanOffer } from '../domain/pricing.ts';
import type { ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext): NONERequest {
  return { payload: null };
}

export function response(_ctx: ResolverContext): Record<string, unknown>[] {
  const offers: PlanOffer[] = PLAN_OFFERS.slice();
  return offers.map((offer) => ({
    id: offer.id,
    name: offer.name,
    amount: offer.monthlyPriceUsd,
    interval: 'month',
    videoFeatureAmount: TELE_HEALTH_ADD_ON.monthlyPriceUsdPerClinician,
    additionalClinicianAmount: null,
    summary: offer.summary,
    includes: offer.includes,
  }));
}
