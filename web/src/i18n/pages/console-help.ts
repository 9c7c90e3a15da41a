/**
 * The console's help English: help topics, the help video, the welcome tour's slides (messages/pages/console-help.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by shell/help-topics.tsx, HelpVideoModal.tsx, WelcomeTour.tsx and tour-slides.ts; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/console-help.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const CONSOLE_HELP_ENGLISH: Catalog = part;
addEnglish(CONSOLE_HELP_ENGLISH);
