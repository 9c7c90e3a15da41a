/**
 * The legal pages' English (terms, privacy, BAA) (messages/pages/legal.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by public/LegalPage.tsx; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/legal.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const LEGAL_ENGLISH: Catalog = part;
addEnglish(LEGAL_ENGLISH);
