/**
 * A client-portal call as its page reads it: the value, or the refusal's message for the page to
 * show (null when the server gave none: the page shows its own "try again" text).
 */
import { graphqlRequest } from '../platform/graphql';
import { refusalMessage } from './api';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string | null };

/** Sends one document and picks its answer; a refusal or a failed request becomes `{ ok: false }`. */
export async function callForOutcome<T>(query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T): Promise<Outcome<T>> {
  try {
    const result = await graphqlRequest({ query, variables });
    return { ok: true, value: pick(result.data) };
  } catch (error) {
    return { ok: false, message: refusalMessage(error) };
  }
}
