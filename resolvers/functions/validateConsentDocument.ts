/**
 * ConsentDoc.validate (data source: NONE): title, details and included of add/editConsentDocument
 * through domain/documents/consent.ts (the one text reader) before anything is read or written. A
 * bad field stops the pipeline with a ValidationError: a sentence for the first problem, then the
 * fields and rules (names, never values).
 */
import { util, type NONERequest } from '@aws-appsync/utils';
import { documentProblemMessage, validateConsentInput } from '../../domain/documents/consent.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAddConsentDocumentArgs, MutationEditConsentDocumentArgs } from '../../domain/graphql.generated.ts';

type Ctx = ResolverContext<SharedArgs<MutationAddConsentDocumentArgs | MutationEditConsentDocumentArgs>>;

export function request(ctx: Ctx): NONERequest {
  const validation = validateConsentInput(ctx.args.title, ctx.args.details, ctx.args.included);
  if (validation.problems.length > 0) {
    util.error(documentProblemMessage(validation.problems, 'consent document'), 'ValidationError', null, { fields: validation.problems.map((p) => ({ field: p.field, reason: p.reason })) });
  }
  ctx.stash.consentInput = validation.data;
  return { payload: null };
}

export function response(ctx: Ctx): unknown {
  return ctx.prev.result;
}
