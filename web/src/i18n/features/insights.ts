/**
 * The insights pages' English (messages/portal/features/insights.en.json): loaded with the insights
 * feature's own code, not with every console page (page-weight budget). Every module of
 * web/src/insights/ that shows a message imports this one; other languages keep all console texts in
 * messages/portal/<lang>.json.
 */
import part from '../messages/portal/features/insights.en.json';
import { addEnglish, type Catalog } from '../catalog';

export const INSIGHTS_ENGLISH: Catalog = part;
addEnglish(INSIGHTS_ENGLISH);
