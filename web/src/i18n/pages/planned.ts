/**
 * The planned pages' English (what each page of the spec not built yet will hold) (messages/pages/planned.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by shell/PlannedPage.tsx; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/planned.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const PLANNED_ENGLISH: Catalog = part;
addEnglish(PLANNED_ENGLISH);
