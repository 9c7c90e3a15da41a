/**
 * The local public REST gateway (API Gateway HTTP API stand-in): PUBLIC_ROUTES → the Lambda
 * handlers, with an API Gateway v2 event, per-address throttling and the gateway's error shapes.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { PUBLIC_ROUTES } from '../functions/routes.ts';
import { readBody, sendJson, type RequestHandler } from './http.ts';
import { invokeLambda } from './lambdas.ts';
import { RateLimiter } from './rate-limit.ts';

export function createGateway(options: { burst?: number; perSecond?: number } = {}): { handle: RequestHandler } {
  const limiter = new RateLimiter(options.burst ?? 20, options.perSecond ?? 5);

  const handle: RequestHandler = async (req, res, path) => {
    const route = PUBLIC_ROUTES.find((r) => r.path === path && r.method === req.method);
    if (!route) return sendJson(res, 404, { message: 'Not Found' });
    const sourceIp = req.socket.remoteAddress ?? 'unknown';
    if (!limiter.take(sourceIp)) return sendJson(res, 429, { message: 'Too Many Requests' });
    let body: Buffer;
    try {
      body = await readBody(req, 256 * 1024);
    } catch {
      return sendJson(res, 413, { message: 'Request Entity Too Large' });
    }
    const url = new URL(req.url ?? '/', 'http://local');
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: path,
      rawQueryString: url.search.slice(1),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')])),
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: req.headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp, userAgent: String(req.headers['user-agent'] ?? '') },
        requestId: crypto.randomUUID(),
        routeKey: `${route.method} ${route.path}`,
        stage: '$default',
        time: new Date().toISOString(),
        timeEpoch: Date.now(),
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };
    const result = (await invokeLambda(route.handler, event)) as APIGatewayProxyStructuredResultV2;
    res.writeHead(result.statusCode ?? 200, { 'cache-control': 'no-store', ...(result.headers as Record<string, string>) });
    res.end(result.body ?? '');
  };
  return { handle };
}
