/**
 * The homework and groups pages' English (messages/portal/features/homework.en.json): loaded with
 * their own code (web/src/homework/, web/src/groups/), not with every console page (page-weight
 * budget). Other languages keep all console texts in messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/homework.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const HOMEWORK_ENGLISH: Catalog = part;
addEnglish(HOMEWORK_ENGLISH);
