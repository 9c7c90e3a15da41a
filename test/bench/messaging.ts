/**
 * Secure messaging on the local runtime (issue 12), for `npm run bench`:
 *   - delivery latency sender → receiver: the owner sends 200 messages one after another to the
 *     demo client's conversation; each is timed from the send's request to the client's subscription
 *     receiving it (realtime WebSocket), p50/p95;
 *   - 200 concurrent subscribers: 200 realtime connections of the demo client, each subscribed
 *     (the server's filter evaluated per subscriber); 20 messages, each timed from the send to the
 *     last of the 200 receiving it (p50/p95), and how many of the 200 × 20 deliveries arrived.
 */
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { subscribeAs } from '../support/realtime.ts';
import { percentile } from './measure.ts';

const SEND = 'mutation ($c: ID!, $t: String) { sendMessage(conversationId: $c, text: $t) { id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt } }';
const FEED = 'subscription { onClientMessage { id text } }';

export async function benchMessaging(): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null });
  try {
    const owner = (await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD)).accessToken;
    const client = (await signInSeeded(runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
    const conversation = ((await graphql(`${runtime.url}/graphql`, client, '{ clientConversations { id } }')).body as any).data.clientConversations[0].id as string;
    const send = (text: string) => graphql(`${runtime.url}/graphql`, owner, SEND, { c: conversation, t: text });

    // One receiver, 200 messages.
    const arrived = new Map<string, number>();
    const receiver = await subscribeAs(runtime.url, client, FEED, {}, (p) => arrived.set(p.data.onClientMessage.text, performance.now()));
    for (let i = 0; i < 10; i++) await send(`warm-up ${i}`);
    const latencies: number[] = [];
    for (let i = 0; i < 200; i++) {
      const text = `latency ${i}`;
      const started = performance.now();
      await send(text);
      for (let wait = 0; wait < 400 && !arrived.has(text); wait++) await new Promise((r) => setTimeout(r, 5));
      if (!arrived.has(text)) throw new Error('a message was not delivered during the benchmark');
      latencies.push(arrived.get(text)! - started);
    }
    receiver.close();
    latencies.sort((a, b) => a - b);

    // 200 subscribers, 20 messages.
    const received = new Map<string, number[]>();
    const subscribers = await Promise.all(
      Array.from({ length: 200 }, () => subscribeAs(runtime.url, client, FEED, {}, (p) => {
        const text = p.data.onClientMessage.text as string;
        received.set(text, [...(received.get(text) ?? []), performance.now()]);
      })),
    );
    const fanOut: number[] = [];
    let delivered = 0;
    for (let i = 0; i < 20; i++) {
      const text = `fan-out ${i}`;
      const started = performance.now();
      await send(text);
      for (let wait = 0; wait < 1000 && (received.get(text)?.length ?? 0) < 200; wait++) await new Promise((r) => setTimeout(r, 5));
      const times = received.get(text) ?? [];
      delivered += times.length;
      if (times.length) fanOut.push(Math.max(...times) - started);
    }
    for (const s of subscribers) s.close();
    fanOut.sort((a, b) => a - b);
    return [
      ['Messaging: send → client receives p50 (200 messages)', `${percentile(latencies, 50).toFixed(1)} ms`],
      ['Messaging: send → client receives p95 (200 messages)', `${percentile(latencies, 95).toFixed(1)} ms`],
      ['Messaging: 200 subscribers, send → last receives p50 / p95 (20 messages)', `${percentile(fanOut, 50).toFixed(0)} / ${percentile(fanOut, 95).toFixed(0)} ms`],
      ['Messaging: 200 subscribers, deliveries', `${delivered} of ${200 * 20}`],
    ];
  } finally {
    await runtime.stop();
  }
}
