/**
 * The help page's English (also the sign-up wizard's Back) (messages/pages/help.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by public/HelpPage.tsx and signup/SignupWizard.tsx; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/help.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const HELP_ENGLISH: Catalog = part;
addEnglish(HELP_ENGLISH);
