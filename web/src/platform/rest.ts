/** POST JSON to the public REST gateway (pre-login calls, spec part 1 §7); never sends cookies. */
import { getRuntimeConfig } from './config';

export interface RestResult<T> {
  status: number;
  body: T;
}

export async function postPublic<T>(path: string, payload: unknown): Promise<RestResult<T>> {
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
