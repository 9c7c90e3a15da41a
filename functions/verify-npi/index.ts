/**
 * verifyNpi (public, pre-login; sign-up step 1): the NPI's check digit, then the NPI registry —
 * first and last name must match an active individual record. Each failure says what is wrong: not
 * a valid NPI (length or check digit), not in the registry, deactivated, an organization's NPI, and
 * the spec's mismatch message only when the names differ.
 */
import { isValidNpi } from '../../domain/npi.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { textFault } from '../../domain/human-text.ts';
import { NAME_NOT_ALLOWED } from '../../domain/signup.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';
import { NpiRegistryUnavailable, registryFromEnv, registryVerdict, type NpiRegistry, type RegistryVerdict } from '../shared/npi-registry.ts';

const REFUSAL: Record<Exclude<RegistryVerdict, 'match'>, string> = {
  notFound: MESSAGES.npiNotFound,
  deactivated: MESSAGES.npiDeactivated,
  notIndividual: MESSAGES.npiNotIndividual,
  nameMismatch: MESSAGES.npiMismatch,
};

export function createHandler(registry: () => NpiRegistry): PublicHandler {
  return async (event) => {
    const body = parseBody(event);
    if (!body) return json(400, { message: 'Request body must be a JSON object' });
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key]).trim() : '');
    const npi = text('npi');
    const firstName = text('firstName');
    const lastName = text('lastName');
    const missing = [!firstName && MESSAGES.firstNameRequired, !lastName && MESSAGES.lastNameRequired, !npi && MESSAGES.npiRequired].filter(Boolean);
    if (missing.length) return json(400, { message: MESSAGES.missingRequired, fields: missing });
    // The one reader (domain/human-text.ts): control, format or markup characters in a name are refused as sent.
    const refused = (['firstName', 'lastName'] as const).filter((key) => textFault(body[key] as string, 'name') !== null).map((key) => NAME_NOT_ALLOWED[key]);
    if (refused.length) return json(400, { message: refused[0], fields: refused });
    if (!isValidNpi(npi)) return json(200, { match: false, reason: 'invalid', message: MESSAGES.npiInvalid });
    try {
      const record = await registry().lookup(npi);
      const verdict = registryVerdict(record, firstName, lastName);
      return verdict === 'match'
        ? json(200, { match: true, credential: record!.credential, taxonomies: record!.taxonomies })
        : json(200, { match: false, reason: verdict, message: REFUSAL[verdict] });
    } catch (error) {
      if (error instanceof NpiRegistryUnavailable) return json(502, { message: MESSAGES.npiLookupFailed });
      throw error;
    }
  };
}

export const handler = createHandler(registryFromEnv);
