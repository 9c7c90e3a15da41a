/**
 * Client attribute writes. cognito-local lets an app client write any attribute, including the
 * custom:* ones that grant rights (teamRoles, teamOwnerId, isOnTrial...). Cognito refuses an
 * attribute outside the client's WriteAttributes with NotAuthorizedException "A client attempted
 * to write unauthorized attribute" and writes nothing: so do we, on SignUp and UpdateUserAttributes.
 * Also: a phone_number change (or a verification code asked for phone_number) is verified by SMS to
 * that number, where cognito-local would e-mail the code.
 */
import type { AttributeType } from 'aws-sdk/clients/cognitoidentityserviceprovider';
import { cl, cognitoError, type Ctx, type PortalServices, type WireRequest } from './cognito-local.ts';
import { maskDestination } from './outbox-delivery.ts';

export async function assertClientMayWrite(ctx: Ctx, services: PortalServices, clientId: unknown, attributes: unknown): Promise<void> {
  if (!Array.isArray(attributes) || !attributes.length) return;
  const client = typeof clientId === 'string' ? await services.cognito.getAppClient(ctx, clientId) : null;
  const writable: string[] | undefined = client?.WriteAttributes;
  if (!writable) return;
  for (const a of attributes) {
    if (!a || typeof a.Name !== 'string' || !writable.includes(a.Name)) {
      throw cognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
    }
  }
}

/** `messages` that sends to the phone (SMS) instead of the chosen e-mail. */
function toPhone(services: PortalServices, phone: string) {
  return {
    ...services,
    messages: {
      deliver: ((ctx, source, clientId, poolId, user, code, meta) =>
        services.messages.deliver(ctx, source, clientId, poolId, user, code, meta, { DeliveryMedium: 'SMS', AttributeName: 'phone_number', Destination: phone })) satisfies PortalServices['messages']['deliver'],
    },
  };
}

const clientIdOf = (req: WireRequest): string | undefined => {
  try {
    const payload = JSON.parse(Buffer.from(String(req.AccessToken).split('.')[1], 'base64url').toString('utf8'));
    return payload.client_id;
  } catch {
    return undefined;
  }
};

export const SignUp = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  await assertClientMayWrite(ctx, services, req.ClientId, req.UserAttributes);
  const result = await cl.targets.SignUp(services)(ctx, req);
  const details = result?.CodeDeliveryDetails;
  if (details?.Destination) details.Destination = maskDestination(details.DeliveryMedium as 'SMS' | 'EMAIL', details.Destination);
  return result;
};

/** Runs after access-token verification (router.ts). */
export const UpdateUserAttributes = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  await assertClientMayWrite(ctx, services, clientIdOf(req), req.UserAttributes);
  const phone = (req.UserAttributes ?? []).find((a: AttributeType) => a.Name === 'phone_number')?.Value;
  const email = (req.UserAttributes ?? []).some((a: AttributeType) => a.Name === 'email');
  if (!phone || email) return cl.targets.UpdateUserAttributes(services)(ctx, req);
  const result = await cl.targets.UpdateUserAttributes(toPhone(services, phone))(ctx, req);
  // cognito-local reports the e-mail it would have used; the code went to the phone.
  if (result?.CodeDeliveryDetailsList?.length) {
    result.CodeDeliveryDetailsList = [{ AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: maskDestination('SMS', phone) }];
  }
  return result;
};

export const GetUserAttributeVerificationCode = (services: PortalServices) => async (ctx: Ctx, req: WireRequest) => {
  if (req.AttributeName === 'phone_number') {
    const clientId = clientIdOf(req);
    const userPool = await services.cognito.getUserPoolForClientId(ctx, clientId as string);
    const payload = JSON.parse(Buffer.from(String(req.AccessToken).split('.')[1], 'base64url').toString('utf8'));
    const user = await userPool.getUserByUsername(ctx, payload.username);
    const phone = cl.userPoolService.attributeValue('phone_number', user?.UnverifiedAttributeChanges) ?? cl.userPoolService.attributeValue('phone_number', user?.Attributes);
    if (!phone) throw cognitoError('InvalidParameterException', 'User has no phone number');
    return cl.targets.GetUserAttributeVerificationCode(toPhone(services, phone))(ctx, req);
  }
  return cl.targets.GetUserAttributeVerificationCode(services)(ctx, req);
};
