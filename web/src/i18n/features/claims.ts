/**
 * The claims and ERA pages' English (messages/portal/features/claims.en.json), loaded with their own
 * code (page weight); other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/claims.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const CLAIMS_ENGLISH: Catalog = part;
addEnglish(CLAIMS_ENGLISH);
