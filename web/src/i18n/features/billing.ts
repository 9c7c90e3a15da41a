/**
 * The billing pages' English (messages/portal/features/billing.en.json): loaded with the billing feature's
 * own code, not with every console page, so the console's first page (/app/clients) does not
 * carry every domain's texts (page-weight budget). Every module of web/src/billing/ that shows a
 * message imports this one; other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/billing.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const BILLING_ENGLISH: Catalog = part;
addEnglish(BILLING_ENGLISH);
