/**
 * Serves the built console (web/dist) with the SPA fallback and the same security headers the
 * CloudFront response-headers policy sets in AWS. `/` is index.html, which holds the prerendered
 * landing page (web/prerender/plugin.ts); every other path without a file gets app.html, the same
 * shell without that markup, as CloudFront's error responses do (lib/web-stack.ts).
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { RequestHandler } from './http.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; font-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
};

export function createStatic(root: string): { handle: RequestHandler; available: () => boolean } {
  const index = join(root, 'index.html');
  const shell = join(root, 'app.html');
  const available = () => existsSync(index);
  // A build from before prerendering has no app.html: its index.html is the plain shell.
  const fallback = () => (existsSync(shell) ? shell : index);

  const handle: RequestHandler = (req, res, path) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      return res.end();
    }
    if (!available()) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('The console is not built yet. Run `npm run build:web` (npm start does it for you).');
    }
    let file = path === '/' ? index : normalize(join(root, decodeURIComponent(path)));
    if (!file.startsWith(normalize(root) + sep) || !existsSync(file) || !statSync(file).isFile()) file = fallback();
    const immutable = file.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...SECURITY_HEADERS,
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
  return { handle, available };
}
