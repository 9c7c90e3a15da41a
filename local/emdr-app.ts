/**
 * The external EMDR app's stand-in on `npm start` (issue 14): /_local/emdr/. The console's EMDR
 * menu item sends the clinician to the app's address with a single-use hand-off code in the
 * fragment (functions/homework/emdr.ts); this page does what the real app's page and server do:
 * the page reads the code from the fragment (never sent in a request line), drops it from the
 * address bar and posts it to its own server part, which exchanges it at the portal's public
 * POST /api/emdrHandoff with the app's secret — exactly the call the real app's server makes — and
 * shows who arrived. So a newcomer clicking EMDR sees the hand-off work end to end instead of an
 * unreachable address.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, type RequestHandler } from './http.ts';

function page(res: ServerResponse): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'`,
  });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>EMDR app (local stand-in)</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}.note{color:#555}</style></head><body>
<h1>EMDR app</h1>
<p class="note">This page stands in for the external EMDR app on this machine. In a deployed portal the EMDR menu item opens the real app, which signs you in the same way.</p>
<p id="status" role="status">Signing you in…</p>
<script nonce="${nonce}">
(async () => {
  const status = document.getElementById('status');
  const code = new URLSearchParams(location.hash.slice(1)).get('handoff');
  history.replaceState(null, '', location.pathname);
  if (!code) { status.textContent = 'No sign-in code was given. Open EMDR from the portal menu.'; return; }
  const res = await fetch('exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  const body = await res.json().catch(() => ({}));
  status.textContent = res.ok ? 'Signed in to the EMDR app as ' + (body.name || 'your portal account') + '.' : (body.message || 'The sign-in did not work. Open EMDR from the portal menu again.');
})();
</script></body></html>`);
}

export function createLocalEmdrApp(options: { origin: string; secret: () => string }): { handle: RequestHandler } {
  const handle: RequestHandler = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.method === 'GET' && (path === '' || path === '/')) return page(res);
    if (req.method === 'POST' && path === '/exchange') {
      let code: unknown;
      try {
        code = (JSON.parse((await readBody(req, 1024)).toString('utf8')) as { code?: unknown }).code;
      } catch {
        return sendJson(res, 400, { message: 'Bad request' });
      }
      // The app's server side: the portal's public exchange, with the app's secret.
      const answer = await fetch(`${options.origin}/api/emdrHandoff`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-emdr-app-secret': options.secret() }, body: JSON.stringify({ code }) });
      const body = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
      return sendJson(res, answer.status, answer.ok ? { name: body.name ?? null } : { message: body.message ?? 'The sign-in did not work.' });
    }
    return sendJson(res, 404, { message: 'Not Found' });
  };
  return { handle };
}
