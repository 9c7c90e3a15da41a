/**
 * Query.getTemplateLibraryMetadata (data source: NONE): the intake form template library
 * (domain/documents/intake-templates.ts) — data shipped with the product, the same for every practice.
 */
import type { Context, NONERequest } from '@aws-appsync/utils';
import { INTAKE_TEMPLATES } from '../domain/documents/intake-templates.ts';

export function request(_ctx: Context): NONERequest {
  return { payload: null };
}

export function response(_ctx: Context): unknown {
  return INTAKE_TEMPLATES;
}
