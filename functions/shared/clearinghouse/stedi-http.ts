/**
 * One HTTP exchange with a Stedi API (the healthcare APIs and the enrollment API alike): the API key
 * as Authorization, JSON in and out, a timeout; a network failure, a timeout, 429 or a 5xx is
 * `Transient` (the caller decides whether to try again), any other answer comes back with its status
 * and parsed body (null when empty or not JSON).
 */
export class Transient extends Error {}

export interface StediExchange {
  status: number;
  json: unknown;
  location: string | null;
}

export async function stediExchange(
  doFetch: typeof fetch,
  request: { method: 'GET' | 'POST'; url: string; apiKey: string; body?: unknown; idempotencyKey?: string; timeoutMs: number; redirect?: RequestRedirect },
): Promise<StediExchange> {
  const headers: Record<string, string> = { Authorization: request.apiKey, Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
  let response: Response;
  try {
    response = await doFetch(request.url, {
      method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body), signal: AbortSignal.timeout(request.timeoutMs),
      ...(request.redirect ? { redirect: request.redirect } : {}),
    });
  } catch (err) {
    const name = (err as Error)?.name;
    throw new Transient(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (response.status === 429 || response.status >= 500) throw new Transient(`status ${response.status}`);
  return { status: response.status, json, location: response.headers.get('location') };
}
