/**
 * The plans pages' English (messages/portal/features/plans.en.json), loaded with the feature's own
 * code rather than with every console page (see features/billing.ts).
 */
import part from '../messages/portal/features/plans.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const PLANS_ENGLISH: Catalog = part;
addEnglish(PLANS_ENGLISH);
