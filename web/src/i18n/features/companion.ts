/**
 * The companion pages' English (messages/portal/features/companion.en.json): loaded with the companion feature's
 * own code, not with every console page, so the console's first page (/app/clients) does not
 * carry every domain's texts (page-weight budget). Every module of web/src/companion/ that shows a
 * message imports this one; other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/companion.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const COMPANION_ENGLISH: Catalog = part;
addEnglish(COMPANION_ENGLISH);
