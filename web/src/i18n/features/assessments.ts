/**
 * The assessments pages' English (messages/portal/features/assessments.en.json): loaded with the assessments feature's
 * own code, not with every console page, so the console's first page (/app/clients) does not
 * carry every domain's texts (page-weight budget). Every module of web/src/assessments/ that shows a
 * message imports this one; other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/assessments.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const ASSESSMENTS_ENGLISH: Catalog = part;
addEnglish(ASSESSMENTS_ENGLISH);
