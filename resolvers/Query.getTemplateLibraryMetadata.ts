/**
 * Query.getTemplateLibraryMetadata (data source: NONE): the intake form template library
 * (domain/documents/intake-templates.ts) — data shipped with the product, the same for every practice.
 */
import type { NONERequest } from '@aws-appsync/utils';
import { INTAKE_TEMPLATES } from '../domain/documents/intake-templates.ts';
import type { ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext): NONERequest {
  return { payload: null };
}

export function response(_ctx: ResolverContext): unknown {
  return INTAKE_TEMPLATES;
}
