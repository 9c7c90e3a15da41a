/**
 * One GraphQL call through the console's one client (auth/api.ts), failures thrown as ApiError
 * (the server's error type and field problems, never values). Shared by the settings, team,
 * profile and plans data modules.
 */
import { MESSAGES } from '../../../domain/messages';
import { api } from '../auth/api';
import { toApiError } from '../clients/api';
import { SETTINGS_MESSAGES } from './messages';
import type { TypedDocument } from '../platform/typed-document';

export { ApiError, toApiError } from '../clients/api';

/** A typed document (platform/typed-document.ts): variables and result checked against the generated types. */
export async function call<R, V, T>(query: TypedDocument<R, V>, variables: V, pick: (data: R) => T): Promise<T>;
/** An untyped document (still to be converted). */
export async function call<T>(query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T): Promise<T>;
export async function call<T>(query: string, variables: unknown, pick: (data: never) => T): Promise<T> {
  try {
    const result = (await api().graphql({ query, variables: variables as Record<string, unknown> })) as { data: never };
    return pick(result.data);
  } catch (error) {
    throw toApiError(error);
  }
}

/** A generic wording for a rule the server names. */
export function reasonText(reason: string): string {
  switch (reason) {
    case 'required':
      return SETTINGS_MESSAGES.required;
    case 'format':
      return SETTINGS_MESSAGES.format;
    case 'length':
    case 'tooLong':
      return SETTINGS_MESSAGES.tooLong;
    // The one reader's refusals (domain/human-text.ts) and the date ranges (issue 11 §6).
    case 'characters':
      return MESSAGES.textCharacters;
    case 'markup':
      return MESSAGES.nameMarkup;
    case 'range':
      return SETTINGS_MESSAGES.range;
    default:
      // A rule the browser has no words for: the reason is a code, not for the person.
      return SETTINGS_MESSAGES.notAccepted;
  }
}
