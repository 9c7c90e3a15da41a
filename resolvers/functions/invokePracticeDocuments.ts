/**
 * PracticeDocuments.invoke (data source: Lambda:client-documents; issue 12): getClientDocuments,
 * acceptIntakeAnswers and shareClientDocuments for a clinician, after ClientAccess.client found the
 * client in the caller's practice and scope (else NotFound, nothing read). getClientDocuments'
 * therapistId must be the caller's practice (any other is NotFound, like another practice's client).
 * The practice comes from the membership; the audit step records the read or write.
 */
import { util, type LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationAcceptIntakeAnswersArgs, MutationShareClientDocumentsArgs, QueryGetClientDocumentsArgs, QueryGetSignedConsentPdfArgs } from '../../domain/graphql.generated.ts';

type Ctx = ResolverContext<SharedArgs<QueryGetClientDocumentsArgs | QueryGetSignedConsentPdfArgs | MutationAcceptIntakeAnswersArgs | MutationShareClientDocumentsArgs>>;

const ACTIONS: Record<string, string> = {
  getClientDocuments: 'client.documents.read',
  acceptIntakeAnswers: 'intake.accept',
  shareClientDocuments: 'documents.share',
  getSignedConsentPdf: 'consent.pdf',
};

export function request(ctx: Ctx): LambdaRequest {
  const caller = ctx.stash.caller;
  if (ctx.info.fieldName === 'getClientDocuments' && ctx.args.therapistId !== caller.practiceId) {
    util.error('Client not found', 'NotFound');
  }
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId },
      clientId: ctx.stash.portalClient.id,
      args: { submissionId: ctx.args.submissionId, clientVersion: ctx.args.clientVersion, documents: ctx.args.documents, emailText: ctx.args.emailText, documentId: ctx.args.documentId, version: ctx.args.version },
    },
  };
}

export function response(ctx: Ctx): unknown {
  const result = lambdaResult(ctx);
  ctx.stash.audit = { action: ACTIONS[ctx.info.fieldName] || 'client.documents', entityType: 'Client', entityId: ctx.stash.portalClient.id };
  return result;
}
