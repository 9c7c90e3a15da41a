/**
 * reuseAccount (public, pre-login): the "User Already Exists" modal's Yes (spec part 1 §4: "an
 * account with this e-mail already exists since you signed up for one of our apps — use the same
 * account?"). The sign-up wizard sends the e-mail, the password it was given and the provider
 * input. The password must be the existing account's (proved with the web client's own sign-in),
 * so only its owner can turn it into a clinician account. Then, as a new sign-up would:
 *   - the NPI is claimed and the provider staged (stageProvider's transaction);
 *   - a confirmed account is finalized at once (membership, profile, group — as post-confirmation);
 *   - an unconfirmed one answers `confirm`: the wizard resends the code, and confirming it runs the
 *     post-confirmation trigger, which finalizes.
 * An account that already belongs to the portal is told to sign in.
 */
import { MESSAGES } from '../../domain/messages.ts';
import { signupRefusal, validateSignup, type SignupProviderInput } from '../../domain/signup.ts';
import { finalizeSignup } from '../post-confirmation/index.ts';
import { claimAndStage, providerRecord, stageRefusal, type StageOutcome } from '../stage-provider/index.ts';
import { NpiRegistryUnavailable } from '../shared/npi-registry.ts';
import { withAddressLimit } from '../shared/address-limit.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { getMembership } from '../shared/membership.ts';
import { provePassword } from '../shared/password-proof.ts';

export const REUSE_MESSAGES = {
  alreadyClinician: 'This account already uses the clinician portal. Please sign in.',
} as const;

const reuse: PublicHandler = async (event) => {
  const body = parseBody(event);
  const input = body?.input as Partial<SignupProviderInput> | undefined;
  const password = typeof body?.password === 'string' ? body.password : '';
  if (!input || typeof input !== 'object' || !password) return json(400, { message: MESSAGES.missingRequired });
  const errors = validateSignup(input);
  if (Object.keys(errors).length) return json(400, { message: signupRefusal(errors), fields: errors });

  const now = new Date();
  const provider = providerRecord(input as SignupProviderInput, now);
  const proof = await provePassword(provider.email, password);
  if (proof.kind === 'wrong') return json(401, { message: MESSAGES.wrongCredentials });
  if (await getMembership(proof.sub)) return json(409, { message: REUSE_MESSAGES.alreadyClinician });

  // The NPI is checked with the registry and claimed exactly as a new sign-up's (stageProvider).
  let outcome: StageOutcome;
  try {
    outcome = await claimAndStage(provider, proof.sub, now);
  } catch (error) {
    if (error instanceof NpiRegistryUnavailable) return stageRefusal('registryUnavailable');
    throw error;
  }
  if (outcome !== 'staged') return stageRefusal(outcome);
  if (proof.kind === 'unconfirmed') return json(200, { next: 'confirm' });
  const signup = await finalizeSignup({ sub: proof.sub, email: provider.email, userPoolId: process.env.USER_POOL_ID ?? '', username: proof.username });
  // Staged a moment ago, so only a lost claim (taken meanwhile) can stop it.
  if (signup !== 'owner') return json(409, { message: MESSAGES.npiTaken });
  return json(200, { next: 'signIn' });
};

export const handler = withAddressLimit('reuseAccount', reuse, 10);
