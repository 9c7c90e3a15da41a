/**
 * stageProvider (public, pre-login; sign-up submit, right after the Cognito sign-up): validates the
 * provider input again on the server, proves the caller just created that account (its e-mail and
 * user sub must agree in the user pool), checks the NPI against the NPI registry itself (the
 * wizard's verifyNpi answer is not trusted), and claims the NPI in the Directory table with a
 * conditional write, so two sign-ups with one NPI can never both succeed. Only a record staged
 * here becomes a practice (post-confirmation). A claim that is never confirmed expires (TTL) and
 * stops blocking the NPI.
 */
import { AdminGetUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DEFAULT_PLAN_NAME } from '../../domain/plan.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { signupRefusal, toE164, validateSignup, type SignupProviderInput } from '../../domain/signup.ts';
import { trimText } from '../../domain/human-text.ts';
import { isValidNpi } from '../../domain/npi.ts';
import { cognito, dynamo, table } from '../shared/aws.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { matchesRegistry, NpiRegistryUnavailable, registryFromEnv, type NpiRegistry } from '../shared/npi-registry.ts';

/** How long an unconfirmed sign-up holds its NPI. */
export const PENDING_CLAIM_SECONDS = 7 * 24 * 3600;

export function providerRecord(input: SignupProviderInput, now: Date) {
  const record = {
    // The one reader's documented trimming (domain/human-text.ts), as validateSignup read them.
    firstName: trimText(input.firstName, 'name'),
    lastName: trimText(input.lastName, 'name'),
    email: input.email.trim().toLowerCase(),
    npi: input.npi.trim(),
    phone: toE164(input.phone)!,
    organization: input.organization.trim(),
    clientTerminology: input.clientTerminology,
    profession: input.profession === 'Other' ? (input.professionOther ?? '').trim() : input.profession,
    treatmentSetting: input.treatmentSetting ?? [],
    totalDBTClients: input.totalDBTClients ?? 0,
    totalCBTClients: input.totalCBTClients ?? 0,
    therapies: input.therapies,
    license: input.license.trim(),
    licenseStates: input.licenseStates.trim(),
    dbtPractice: input.dbtPractice,
    salutation: input.salutation?.trim() || undefined,
    psycTodayProfile: input.psycTodayProfile?.trim() || undefined,
    createdAt: now.toISOString(),
    planId: DEFAULT_PLAN_NAME,
  };
  return record;
}

export type StageOutcome = 'staged' | 'npiTaken' | 'npiMismatch';

/**
 * Checks the NPI with the registry (active individual, first and last name as given), then claims
 * it for this user (free, an expired pending claim, or this same sign-up retrying) and stages the
 * provider record, in one transaction. The only way to stage: also used by /reuseAccount.
 * Throws NpiRegistryUnavailable when the registry cannot be asked.
 */
export async function claimAndStage(provider: ReturnType<typeof providerRecord>, userSub: string, now: Date, registry: NpiRegistry = registryFromEnv()): Promise<StageOutcome> {
  if (!isValidNpi(provider.npi) || !matchesRegistry(await registry.lookup(provider.npi), provider.firstName, provider.lastName)) return 'npiMismatch';
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expiresAt = nowSeconds + PENDING_CLAIM_SECONDS;
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table('DIRECTORY_TABLE'),
              Item: { PK: `NPI#${provider.npi}`, SK: 'NPI', sub: userSub, status: 'pending', createdAt: provider.createdAt, expiresAt },
              // Free, or a pending claim that expired, or this same sign-up retrying.
              ConditionExpression: 'attribute_not_exists(PK) OR (#status = :pending AND (expiresAt < :now OR #sub = :sub))',
              ExpressionAttributeNames: { '#status': 'status', '#sub': 'sub' },
              ExpressionAttributeValues: { ':pending': 'pending', ':now': nowSeconds, ':sub': userSub },
            },
          },
          {
            Put: {
              TableName: table('DIRECTORY_TABLE'),
              Item: { PK: `PROVIDER#${userSub}`, SK: 'STAGED', ...provider, npiVerifiedAt: now.toISOString(), expiresAt },
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = (error as TransactionCanceledException).CancellationReasons;
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return 'npiTaken';
    throw error;
  }
  return 'staged';
}

/** The answer for a staging outcome other than 'staged', or for a registry that could not be asked. */
export function stageRefusal(outcome: Exclude<StageOutcome, 'staged'> | 'registryUnavailable') {
  if (outcome === 'npiTaken') return json(409, { message: MESSAGES.npiTaken });
  if (outcome === 'npiMismatch') return json(400, { message: MESSAGES.npiMismatch });
  return json(502, { message: MESSAGES.npiLookupFailed });
}

export function createHandler(clock: () => Date = () => new Date(), registry: () => NpiRegistry = registryFromEnv): PublicHandler {
  return async (event) => {
    const body = parseBody(event);
    const input = body?.input as Partial<SignupProviderInput> | undefined;
    const userSub = typeof body?.userSub === 'string' ? body.userSub : '';
    if (!input || typeof input !== 'object' || !userSub) return json(400, { message: MESSAGES.missingRequired });
    const errors = validateSignup(input);
    if (Object.keys(errors).length) return json(400, { message: signupRefusal(errors), fields: errors });

    const now = clock();
    const provider = providerRecord(input as SignupProviderInput, now);
    try {
      const user = await cognito().send(new AdminGetUserCommand({ UserPoolId: process.env.USER_POOL_ID, Username: provider.email }));
      const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      if (sub !== userSub) return json(403, { message: MESSAGES.defaultError });
    } catch (error) {
      if (error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException') return json(403, { message: MESSAGES.defaultError });
      throw error;
    }

    let outcome: StageOutcome;
    try {
      outcome = await claimAndStage(provider, userSub, now, registry());
    } catch (error) {
      if (error instanceof NpiRegistryUnavailable) return stageRefusal('registryUnavailable');
      throw error;
    }
    if (outcome !== 'staged') return stageRefusal(outcome);
    return json(200, { staged: true });
  };
}

export const handler = createHandler();
