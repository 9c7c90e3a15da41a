/**
 * Query.getProgessNoteMetadata (sic, the spec's name; data source: NONE): the note templates
 * (SOAP, DAP, BIRP, free form) and their sections, from domain/progress-note.ts.
 */
import type { NONERequest } from '@aws-appsync/utils';
import { NOTE_TEMPLATES } from '../domain/progress-note.ts';
import type { ResolverContext } from './shared/context.ts';

export function request(_ctx: ResolverContext): NONERequest {
  return { payload: null };
}

export function response(_ctx: ResolverContext): unknown {
  return { templates: NOTE_TEMPLATES };
}
