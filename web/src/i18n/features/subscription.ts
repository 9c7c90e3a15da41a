/**
 * The client subscriptions page's English (messages/portal/features/subscription.en.json): loaded
 * with web/src/subscription/ only (page-weight budget); other languages keep all console texts in
 * messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/subscription.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const SUBSCRIPTION_ENGLISH: Catalog = part;
addEnglish(SUBSCRIPTION_ENGLISH);
