/**
 * ClientDocuments.invoke (data source: Lambda:client-documents; issue 12): clientDocuments,
 * signConsentDocument and submitIntakeForm for the client principal, after CLIENT_AUTHORIZE. The
 * Lambda gets the caller's usable links from the stash (it checks every practice id against them)
 * and the request's source address for the signature — never from arguments. It audits each
 * practice it touches.
 */
import { type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ClientResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationSignConsentDocumentArgs, MutationSubmitIntakeFormArgs } from '../../domain/graphql.generated.ts';

/** clientDocuments (no arguments), signConsentDocument, submitIntakeForm. */
type Ctx = ClientResolverContext<SharedArgs<MutationSignConsentDocumentArgs | MutationSubmitIntakeFormArgs>>;

export function request(ctx: Ctx): LambdaRequest {
  const client = ctx.stash.client;
  const identity = ctx.identity as { sourceIp?: string[] } | null;
  const ips = (identity && identity.sourceIp) || [];
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      client: { sub: client.sub, links: client.links },
      sourceIp: ips.length > 0 ? ips[0] : null,
      args: { practiceId: ctx.args.practiceId, documentId: ctx.args.documentId, version: ctx.args.version, typedName: ctx.args.typedName, agreed: ctx.args.agreed, formId: ctx.args.formId, answers: ctx.args.answers },
    },
  };
}

export function response(ctx: Ctx): unknown {
  return lambdaResult(ctx);
}
