/**
 * ResendConfirmationCode, missing from cognito-local 5.3.0 (Amplify's resendSignUpCode; the spec's
 * "an unconfirmed user gets a confirm-e-mail modal and the code is resent"). A new code replaces
 * the old one and goes to the outbox.
 */
import { cl, cognitoError, type Ctx, type PortalServices, type WireRequest } from './cognito-local.ts';
import { maskDestination } from './outbox-delivery.ts';

export const ResendConfirmationCode = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = typeof req.Username === 'string' ? await userPool.getUserByUsername(ctx, req.Username) : null;
  if (!user) throw cognitoError('UserNotFoundException', 'Username/client id combination not found.');
  if (user.UserStatus !== 'UNCONFIRMED') throw cognitoError('InvalidParameterException', 'User is already confirmed.');
  const email = cl.userPoolService.attributeValue('email', user.Attributes);
  if (!email) throw cognitoError('InvalidParameterException', 'User has no e-mail address');
  const code: string = services.otp();
  await userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
  const details = { DeliveryMedium: 'EMAIL' as const, AttributeName: 'email' as const, Destination: email };
  await services.messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, details);
  return { CodeDeliveryDetails: { ...details, Destination: maskDestination('EMAIL', email) } };
};
