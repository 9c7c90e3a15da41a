/**
 * The local stand-in for Lambda's Invoke API, for a Lambda that starts another in the background
 * (issue 18: functions/export → functions/export-worker, InvocationType Event; issue 16: the
 * eligibility Lambda's "Recheck now" legs, each starting the next). It answers 202 at
 * once and runs the handler in process, as AWS queues an asynchronous invocation. Mounted at
 * /_local/lambda/<per-run secret>: only the in-process Lambdas know the path (LAMBDA_ENDPOINT), and
 * only the functions named here can be started this way. A handler that throws is run again, twice,
 * with the same event, as Lambda retries an asynchronous invocation (AWS waits a minute, then two;
 * here at once).
 */
import type { RequestHandler } from './http.ts';
import { readBody } from './http.ts';
import { invokeLambda } from './lambdas.ts';

const ASYNC_FUNCTIONS = new Set(['export-worker', 'eligibility']);
/** Lambda's asynchronous invocation: the first attempt and two retries. */
const ASYNC_ATTEMPTS = 3;
const INVOKE = /^\/2015-03-31\/functions\/([a-z0-9-]+)\/invocations$/;

export function createLambdaInvoke(secret: string, log: (line: string) => void = console.error): { handle: RequestHandler; running: Set<Promise<unknown>> } {
  const running = new Set<Promise<unknown>>();
  const handle: RequestHandler = async (req, res, path) => {
    const prefix = `/${secret}`;
    const rest = path.startsWith(prefix) ? path.slice(prefix.length) : '';
    const name = INVOKE.exec(rest)?.[1];
    if (req.method !== 'POST' || !name || !ASYNC_FUNCTIONS.has(name) || req.headers['x-amz-invocation-type'] !== 'Event') {
      res.writeHead(404).end();
      return;
    }
    const event: unknown = JSON.parse((await readBody(req)).toString('utf8') || '{}');
    res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    const run = (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await invokeLambda(name, event);
        } catch (err) {
          if (attempt >= ASYNC_ATTEMPTS) throw err;
        }
      }
    })().catch((err: unknown) => log(`local lambda ${name} failed ${(err as Error)?.name ?? 'Error'}`));
    running.add(run);
    void run.finally(() => running.delete(run));
  };
  return { handle, running };
}
