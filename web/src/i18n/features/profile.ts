/**
 * The profile pages' English (messages/portal/features/profile.en.json), loaded with the feature's own
 * code rather than with every console page (see features/billing.ts).
 */
import part from '../messages/portal/features/profile.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const PROFILE_ENGLISH: Catalog = part;
addEnglish(PROFILE_ENGLISH);
