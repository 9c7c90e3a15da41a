/**
 * The insurance pages' English (messages/portal/features/insurance.en.json): loaded with the insurance feature's
 * own code, not with every console page, so the console's first page (/app/clients) does not
 * carry every domain's texts (page-weight budget). Every module of web/src/insurance/ that shows a
 * message imports this one; other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/insurance.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const INSURANCE_ENGLISH: Catalog = part;
addEnglish(INSURANCE_ENGLISH);
