/**
 * What each plan costs and includes, and the pricing page's feature matrix (spec part 1 §1, §2
 * "Pricing page", §9). One source: the pricing page, sign-up and upgrade screens read it from here.
 *
 * The spec names the free tier "Basic" on the plan cards and "Essentials" in the matrix and as the
 * default plan name (ESSENTIALS); they are the same plan, `basic` in domain/identity.ts.
 */
import { PLANS, type Plan } from './plan.ts';

export interface PlanOffer {
  id: Plan;
  /** Name on the plan card. */
  name: string;
  /** Column heading in the feature matrix. */
  matrixName: string;
  /** Whole US dollars per month; 0 is free. */
  monthlyPriceUsd: number;
  /** One line on what the plan adds over the one below it. */
  summary: string;
  /** What the plan includes, as listed on its card. */
  includes: string[];
}

export const PLAN_OFFERS: readonly PlanOffer[] = [
  {
    id: 'basic',
    // One name for the free plan on cards and matrix (the spec's matrix says Essentials; issue 19).
    name: 'Essentials',
    matrixName: 'Essentials',
    monthlyPriceUsd: 0,
    summary: "View your clients' diary entries and exercises.",
    includes: [
      "View clients' diary entries and exercises from their therapy apps",
      'Directory listing and intelligent matching',
      'HIPAA-compliant storage',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    matrixName: 'Premium',
    monthlyPriceUsd: 20,
    summary: 'Adds homework and standardized assessments.',
    includes: [
      'Everything in Essentials',
      'Assign homework between sessions',
      'Standardized assessments such as PHQ-9 and GAD-7',
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    matrixName: 'Professional',
    monthlyPriceUsd: 40,
    summary: 'Adds a full practice-management suite.',
    includes: [
      'Everything in Premium',
      'Appointments and scheduling',
      'Secure chat and video tele-therapy',
      'Notes and documentation',
      'Client and insurance billing',
      'Client portal',
    ],
  },
];

/** Tele Health add-on: video sessions (Video Tele-Therapy in the matrix) come with Professional; the add-on is priced per clinician who holds them. */
export const TELE_HEALTH_ADD_ON = {
  name: 'Tele Health',
  monthlyPriceUsdPerClinician: 8,
  summary: 'Secure video sessions that clients join from a link, with no account to create.',
} as const;

export interface MatrixFeature {
  name: string;
  /** The plans that include it. */
  plans: readonly Plan[];
}

const ALL: readonly Plan[] = PLANS;
const PREMIUM_UP: readonly Plan[] = ['premium', 'professional'];
const PROFESSIONAL: readonly Plan[] = ['professional'];

/** The feature matrix, in the spec's order. */
export const FEATURE_MATRIX: readonly MatrixFeature[] = [
  { name: 'Get Listed', plans: ALL },
  { name: 'Intelligent matching', plans: ALL },
  { name: 'Preferred Listing', plans: ALL },
  { name: 'Evidence Based Therapy Apps', plans: ALL },
  { name: "View Clients' Health Data", plans: ALL },
  { name: 'HIPAA Compliant', plans: ALL },
  { name: 'Assign Homework', plans: PREMIUM_UP },
  { name: 'Standardized Assessments', plans: PREMIUM_UP },
  { name: 'Video Tele-Therapy', plans: PROFESSIONAL },
  { name: 'Secure Chat', plans: PROFESSIONAL },
  { name: 'Schedule Appointments', plans: PROFESSIONAL },
  { name: 'Notes and Documentation', plans: PROFESSIONAL },
  { name: 'Client Billing', plans: PROFESSIONAL },
  { name: 'Insurance Billing', plans: PROFESSIONAL },
  { name: 'Client Portal', plans: PROFESSIONAL },
];

export function planIncludes(plan: Plan, feature: MatrixFeature): boolean {
  return feature.plans.includes(plan);
}
