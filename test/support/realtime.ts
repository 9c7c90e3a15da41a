/**
 * A subscriber over AppSync's realtime protocol (local/appsync/realtime.ts), as Amplify speaks it:
 * connect with the token in the header subprotocol, connection_init, start; collects `data` events.
 */
import WebSocket from 'ws';

export interface Subscriber {
  /** 'started' (start_ack), or the error type of a refused start. */
  outcome: string;
  events: Record<string, any>[];
  close(): void;
}

export async function subscribeAs(runtimeUrl: string, token: string, query: string, variables: Record<string, unknown> = {}, onEvent?: (payload: Record<string, any>) => void): Promise<Subscriber> {
  const host = new URL(runtimeUrl).host;
  const header = Buffer.from(JSON.stringify({ host, Authorization: token })).toString('base64url');
  const ws = new WebSocket(`${runtimeUrl.replace('http', 'ws')}/graphql/realtime`, ['graphql-ws', `header-${header}`]);
  const messages: Record<string, any>[] = [];
  const events: Record<string, any>[] = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse((raw as Buffer).toString());
    messages.push(msg);
    if (msg.type === 'data') {
      events.push(msg.payload);
      onEvent?.(msg.payload);
    }
  });
  const next = async (pred: (m: Record<string, any>) => boolean) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('realtime: no answer');
  };
  await new Promise<void>((resolve, reject) => (ws.once('open', () => resolve()), ws.once('error', reject)));
  ws.send(JSON.stringify({ type: 'connection_init' }));
  await next((m) => m.type === 'connection_ack');
  ws.send(JSON.stringify({ id: '1', type: 'start', payload: { data: JSON.stringify({ query, variables }), extensions: { authorization: { Authorization: token, host } } } }));
  const answer = await next((m) => m.id === '1' && (m.type === 'start_ack' || m.type === 'error'));
  const outcome = answer.type === 'start_ack' ? 'started' : String(answer.payload?.errors?.[0]?.errorType ?? 'error');
  return { outcome, events, close: () => ws.close() };
}
