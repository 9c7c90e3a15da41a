/**
 * The landing page's English (messages/pages/landing.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by public/LandingPage.tsx; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/landing.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const LANDING_ENGLISH: Catalog = part;
addEnglish(LANDING_ENGLISH);
