/**
 * Photo.invoke (data source: Lambda:profile-photo): getProfilePhotoUploadUrl, confirmProfilePhoto
 * and getProfilePhotoUrl. The caller (sub, practice) comes from the authorize step; keys are the
 * caller's own (images/all/<sub>/...), checked again by the Lambda.
 */
import type { LambdaRequest } from '@aws-appsync/utils';
import { lambdaResult } from '../shared/errors.ts';
import type { ResolverContext, SharedArgs } from '../shared/context.ts';
import type { MutationGetProfilePhotoUploadUrlArgs, MutationConfirmProfilePhotoArgs } from '../../domain/graphql.generated.ts';

export function request(ctx: ResolverContext<SharedArgs<MutationGetProfilePhotoUploadUrlArgs | MutationConfirmProfilePhotoArgs>>): LambdaRequest {
  const caller = ctx.stash.caller;
  return {
    operation: 'Invoke',
    payload: {
      field: ctx.info.fieldName,
      caller: { sub: caller.sub, practiceId: caller.practiceId },
      args: { contentType: ctx.args.contentType, size: ctx.args.size, key: ctx.args.key },
    },
  };
}

export function response(ctx: ResolverContext<SharedArgs<MutationGetProfilePhotoUploadUrlArgs | MutationConfirmProfilePhotoArgs>>): unknown {
  lambdaResult(ctx);
  const actions: Record<string, string> = {
    getProfilePhotoUploadUrl: 'profile.photo.uploadUrl',
    confirmProfilePhoto: 'profile.photo.confirm',
    getProfilePhotoUrl: 'profile.photo.read',
  };
  ctx.stash.audit = { action: actions[ctx.info.fieldName] || 'profile.photo', entityType: 'ProfilePhoto', entityId: ctx.stash.caller.sub };
  return ctx.result;
}
