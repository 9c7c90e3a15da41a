/**
 * The sign-up pages' English (the wizard, its modals) (messages/pages/signup.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by the modules of web/src/signup/; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/signup.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const SIGNUP_ENGLISH: Catalog = part;
addEnglish(SIGNUP_ENGLISH);
