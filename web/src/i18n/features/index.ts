/**
 * Every feature part of the console's English at once — for the catalog tests and tools that need
 * the whole English catalog. The console itself loads each part with its feature (features/<name>.ts).
 */
import { ADMIN_ENGLISH } from './admin';
import { ASSESSMENTS_ENGLISH } from './assessments';
import { BILLING_ENGLISH } from './billing';
import { CLAIMS_ENGLISH } from './claims';
import { COMPANION_ENGLISH } from './companion';
import { HOMEWORK_ENGLISH } from './homework';
import { INSURANCE_ENGLISH } from './insurance';
import { INSIGHTS_ENGLISH } from './insights';
import { SUPERVISION_ENGLISH } from './supervision';
import { DOCUMENTS_ENGLISH } from './documents';
import { PLANS_ENGLISH } from './plans';
import { PROFILE_ENGLISH } from './profile';
import { SETTINGS_ENGLISH } from './settings';
import { SUBSCRIPTION_ENGLISH } from './subscription';
import type { Catalog } from '../catalog';

export const FEATURE_ENGLISH: Catalog = { ...ADMIN_ENGLISH, ...ASSESSMENTS_ENGLISH, ...BILLING_ENGLISH, ...CLAIMS_ENGLISH, ...COMPANION_ENGLISH, ...HOMEWORK_ENGLISH, ...INSURANCE_ENGLISH, ...INSIGHTS_ENGLISH, ...SUPERVISION_ENGLISH, ...DOCUMENTS_ENGLISH, ...PLANS_ENGLISH, ...PROFILE_ENGLISH, ...SETTINGS_ENGLISH, ...SUBSCRIPTION_ENGLISH };
