/**
 * The video call pages' English (the clinician's and the client's) (messages/pages/video.en.json): loaded with
 * the code that shows it, not in the entry every page loads (page weight, docs/decisions.md "Page
 * weight (session 7)"). Imported by the modules of web/src/video/; other languages keep these texts in
 * messages/<lang>.json.
 */
import part from '../messages/pages/video.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const VIDEO_ENGLISH: Catalog = part;
addEnglish(VIDEO_ENGLISH);
