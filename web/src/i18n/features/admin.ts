/**
 * Practice administration's English (messages/portal/features/admin.en.json; issue 18): the clients
 * summary and the data export, loaded with their own code, not with every console page
 * (page-weight budget). Every module of web/src/admin/ that shows a message imports this one;
 * other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/admin.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const ADMIN_ENGLISH: Catalog = part;
addEnglish(ADMIN_ENGLISH);
