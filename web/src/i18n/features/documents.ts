/**
 * The documents pages' English (messages/portal/features/documents.en.json), loaded with the feature's own
 * code rather than with every console page (see features/billing.ts).
 */
import part from '../messages/portal/features/documents.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const DOCUMENTS_ENGLISH: Catalog = part;
addEnglish(DOCUMENTS_ENGLISH);
