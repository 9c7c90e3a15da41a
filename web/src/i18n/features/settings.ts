/**
 * The settings pages' English (messages/portal/features/settings.en.json), loaded with the feature's own
 * code rather than with every console page (see features/billing.ts).
 */
import part from '../messages/portal/features/settings.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const SETTINGS_ENGLISH: Catalog = part;
addEnglish(SETTINGS_ENGLISH);
