/**
 * ConfirmSignUp. cognito-local confirms the user but leaves email_verified unset, so the ID token
 * says the address the code was just sent to is unverified, and it confirms an already-confirmed
 * user again (running the post-confirmation trigger twice). Here, as in Cognito: the code proves
 * the e-mail (email_verified=true), a confirmed user cannot be confirmed again, and the
 * PostConfirmation_ConfirmSignUp trigger then runs with the confirmed attributes. cognito-local's
 * trigger service swallows a trigger's failure; Cognito answers ConfirmSignUp with
 * UserLambdaValidationException "PostConfirmation failed with error <message>." — so the trigger
 * is invoked directly here (triggers.ts raises exactly that), after the user is saved confirmed.
 */
import { cl, cognitoError, type Ctx, type PortalServices, type WireRequest } from './cognito-local.ts';

export const ConfirmSignUp = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = typeof req.Username === 'string' ? await userPool.getUserByUsername(ctx, req.Username) : null;
  if (!user) throw cognitoError('UserNotFoundException', 'Username/client id combination not found.');
  if (user.UserStatus !== 'UNCONFIRMED') throw cognitoError('NotAuthorizedException', `User cannot be confirmed. Current status is ${user.UserStatus}`);
  if (!user.ConfirmationCode) throw cognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
  if (typeof req.ConfirmationCode !== 'string' || user.ConfirmationCode !== req.ConfirmationCode) {
    throw cognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
  }

  const { attribute, attributesAppend } = cl.userPoolService;
  const confirmed = {
    ...user,
    UserStatus: 'CONFIRMED',
    ConfirmationCode: undefined,
    Attributes: attributesAppend(user.Attributes, attribute('email_verified', 'true')),
    UserLastModifiedDate: services.clock.get(),
  };
  await userPool.saveUser(ctx, confirmed);
  if (services.lambda.enabled('PostConfirmation')) {
    await services.lambda.invoke(ctx, 'PostConfirmation', {
      clientId: req.ClientId,
      clientMetadata: req.ClientMetadata,
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      username: confirmed.Username,
      userPoolId: userPool.options.Id,
      userAttributes: cl.userPoolService.attributesToRecord(attributesAppend(confirmed.Attributes, attribute('cognito:user_status', 'CONFIRMED'))),
    });
  }
  return {};
};
