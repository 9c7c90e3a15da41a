/**
 * `npm start`: the whole portal on this machine. Flags:
 *   --clean    delete .data/ first (fresh database, users and outbox; the demo practice is re-seeded)
 *   --memory   keep nothing on disk (in-memory DynamoDB, temporary user pool)
 * Environment: PORT (default 3000), HOST (default 127.0.0.1), IDLE_TIMEOUT_MINUTES (default 15).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { JavaMissingError, SHARED_DYNAMODB_ENV } from './dynamodb.ts';
import { RESOLVER_BUNDLES_ENV } from './appsync/loader.ts';
import { SEED_SNAPSHOT_ENV } from './seed-snapshot.ts';
import { ROOT, startRuntime } from './runtime.ts';
import { buildWeb, webBuildIsStale } from './build-web.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoTotp } from './demo-accounts.ts';

// We run on Node 20 on purpose (the machines' version); the SDK's upgrade notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// Its own DynamoDB Local, resolver bundles and seed, even when a test run that shares them starts it (test/support/shared-services.ts).
delete process.env[SHARED_DYNAMODB_ENV];
delete process.env[RESOLVER_BUNDLES_ENV];
delete process.env[SEED_SNAPSHOT_ENV];

const args = new Set(process.argv.slice(2));
const dataDir = args.has('--memory') ? null : join(ROOT, '.data');
if (args.has('--clean') && dataDir) rmSync(dataDir, { recursive: true, force: true });

const started = Date.now();
try {
  if (webBuildIsStale(ROOT)) {
    console.log('Building the console (web/dist)…');
    buildWeb(ROOT);
  }
  const runtime = await startRuntime({
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
    dataDir,
    idleTimeoutMinutes: process.env.IDLE_TIMEOUT_MINUTES ? Number(process.env.IDLE_TIMEOUT_MINUTES) : undefined,
    // The demo data set the owner can remove on /app/demo-data (issue 18): not in the test runtimes.
    demoSet: true,
  });

  const owner = DEMO_ACCOUNTS[0];
  const lines = [
    '',
    `Portal ready at ${runtime.url}`,
    `(started in ${((Date.now() - started) / 1000).toFixed(1)} s; data ${dataDir ? `in ${dataDir}` : 'in memory'}; outbox at ${runtime.url}/_local/outbox)`,
    '',
    `Demo logins (password for all: ${DEMO_PASSWORD}; MFA codes: npm run totp -- <email>)`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.label.padEnd(30)} ${a.email}`),
    '',
    `Owner's authenticator secret (add it to any TOTP app): ${demoTotp(owner.email).toString()}`,
    '',
    'Press Ctrl-C to stop.',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
} catch (error) {
  if (error instanceof JavaMissingError) console.error(error.message);
  else console.error(`Could not start the portal: ${(error as Error).message}`);
  process.exit(1);
}
