/** The shape every part of the local runtime exposes to the one public HTTP server (local/runtime.ts). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Handles a request under the part's mount path; `path` is the URL path with the mount prefix removed. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse, path: string) => unknown;
/** Handles a WebSocket upgrade under the part's mount path. */
export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer, path: string) => void;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

export async function readBody(req: IncomingMessage, limitBytes = 1_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limitBytes) throw Object.assign(new Error('Request body too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
