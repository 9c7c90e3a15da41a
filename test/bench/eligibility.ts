/**
 * Eligibility (issue 16), for `npm run bench`: the round trip of `getNewCoverage` through the local
 * runtime and the clearinghouse sandbox — AppSync resolver, the eligibility Lambda (270 request built
 * from the client, subscriber, practice and payer; the sandbox's 271; the summary and the estimate;
 * the check stored) — over 200 checks of the demo practice's insured clients, p50/p95. The sandbox
 * answers without a network: the figure is our side of a check, not a payer's.
 */
import { startRuntime } from '../../local/runtime.ts';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';
import { percentile } from './measure.ts';

const CHECK = 'query ($c: ID!) { getNewCoverage(clientId: $c) { id status } }';

export async function benchEligibility(rounds = 200): Promise<Array<[string, string]>> {
  const runtime = await startRuntime({ port: 0, dataDir: null });
  try {
    const token = (await signInSeeded(runtime.url, DEMO_OWNER.email, DEMO_PASSWORD)).accessToken;
    const ask = async (query: string, variables: Record<string, unknown> = {}) => {
      const body = (await graphql(`${runtime.url}/graphql`, token, query, variables)).body as { data?: any; errors?: unknown[] };
      if (body.errors) throw new Error(`eligibility bench: ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    const clients = [...new Set(((await ask('{ getCoverage { items { clientId } } }')).getCoverage.items as Array<{ clientId: string }>).map((c) => c.clientId))];
    if (clients.length === 0) throw new Error('eligibility bench: the demo practice has no insured clients');
    for (let i = 0; i < 10; i++) await ask(CHECK, { c: clients[i % clients.length] });
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      await ask(CHECK, { c: clients[i % clients.length] });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return [[`Eligibility: getNewCoverage round trip via the local sandbox (${rounds} checks, ${clients.length} clients) p50 / p95`, `${percentile(times, 50).toFixed(1)} ms / ${percentile(times, 95).toFixed(1)} ms`]];
  } finally {
    await runtime.stop();
  }
}

// `npx tsx test/bench/eligibility.ts` runs this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  for (const [k, v] of await benchEligibility()) console.log(`${k}: ${v}`);
}
