/** The public REST gateway calls of the sign-up wizard (spec part 1 §7), POST JSON. */
import type { SignupProviderInput } from '../../../domain/signup';
import { getRuntimeConfig } from '../platform/config';

export interface RestResult<T> {
  status: number;
  body: T;
}

async function post<T>(path: string, payload: unknown): Promise<RestResult<T>> {
  const response = await fetch(`${getRuntimeConfig().restEndpoint}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
    credentials: 'omit',
  });
  let body: unknown = {};
  try {
    body = await response.json();
  } catch {
    // Empty or non-JSON error bodies (gateway errors): the status says enough.
  }
  return { status: response.status, body: body as T };
}

export interface Message {
  message?: string;
  fields?: Record<string, string>;
}

export const doesUserExist = (email: string) => post<{ exists?: boolean; confirmed?: boolean }>('/doesUserExist', { email });
export const verifyNpi = (npi: string, firstName: string, lastName: string) =>
  post<Message & { match?: boolean }>('/verifyNpi', { npi, firstName, lastName });
export const checkTherapist = (npi: string) => post<{ hasTherapist?: boolean }>('/checkTherapist', { npi });
export const stageProvider = (input: SignupProviderInput, userSub: string) => post<Message & { staged?: boolean }>('/stageProvider', { input, userSub });
export const confirmProvider = (email: string) => post<{ confirmed?: boolean; provider?: { status: string } | null }>('/confirmProvider', { email });
