/**
 * The portal pages' English messages (messages/portal/en.json). They load with the portal's code,
 * not with the public pages: English is in the public entry bundle, whose page-weight budget
 * (test/support/page-budgets.ts) has no room for the portal's texts. Every module that shows a
 * portal message imports this one; other languages load their portal part with the rest of the
 * language (catalog.ts).
 */
import en from './messages/portal/en.json';
import { addEnglish, type Catalog } from './catalog';

export const PORTAL_ENGLISH: Catalog = en;
addEnglish(PORTAL_ENGLISH);
