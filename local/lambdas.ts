/**
 * In-process Lambda invocation: the handlers in functions/<name>/index.ts run inside the local
 * runtime with the same code as in AWS; only their environment (endpoints, table names) differs.
 */
/** A Lambda handler: each takes its own event type (AppSync, Cognito trigger, REST), so the event is the boundary here, as in Lambda. */
type Handler = (event: any, context?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const cache = new Map<string, Promise<Handler>>();

const FUNCTION_NAME = /^[a-z0-9-]+$/;

export function loadHandler(name: string): Promise<Handler> {
  if (!FUNCTION_NAME.test(name)) return Promise.reject(new Error(`Invalid function name: ${name}`));
  let handler = cache.get(name);
  if (!handler) {
    handler = import(`../functions/${name}/index.ts`).then((mod) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/${name} exports no handler`);
      return mod.handler as Handler;
    });
    cache.set(name, handler);
  }
  return handler;
}

export async function invokeLambda(name: string, event: unknown): Promise<unknown> {
  const handler = await loadHandler(name);
  return handler(event, { functionName: name, awsRequestId: crypto.randomUUID() });
}
