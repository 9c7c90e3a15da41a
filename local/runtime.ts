/**
 * The embedded local runtime: every AWS part of the portal on one machine, behind one public port.
 *
 *   /config.json            the console's runtime config (RuntimeConfig), pointing back at this origin
 *   /graphql, /graphql/realtime   AppSync stand-in (same resolver bundles) and its realtime WebSocket
 *   /cognito/...            the local user pool (cognito-local 5.3.0 plus our gap fills)
 *   /api/...                public REST gateway → functions/ handlers in-process
 *   /_local/outbox          every e-mail and SMS sent (JSON, newest last)
 *   /_local/sns, /_local/ses  SNS Publish (SMS) and SES v2 SendEmail stand-ins, into the outbox
 *   /_local/s3/...          presigned GET/PUT stand-in for S3
 *   /_local/nppes/api/      fixture NPI registry (NPPES API v2.1 wire format)
 *   /_local/video-signal    WebSocket signaling relay of the local video adapter
 *   /_local/pay/...         the local card processor's test-card checkout page (client card payments)
 *   /_local/emdr/           the external EMDR app's stand-in (exchanges the EMDR hand-off code)
 *   everything else         the built console (web/dist), SPA fallback
 *
 * Every path answers the portal's own origin only (local/cors.ts): a foreign Origin or Host is refused.
 * Internal services (DynamoDB Local) listen on 127.0.0.1 ports chosen free.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { tableName } from '../domain/tables.ts';
import { LOCAL_REGION, LOCAL_USER_POOL_CLIENT_ID, LOCAL_USER_POOL_ID } from '../domain/identity.ts';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, SITE_NAME, type RuntimeConfig } from '../domain/runtime-config.ts';
import { createTables, DynamoRequestCounter, LOCAL_ENV, startDynamoDb, type LocalDynamoDb } from './dynamodb.ts';
import { Outbox } from './outbox.ts';
import { createLocalSes, createLocalSns } from './messaging.ts';
import { runScheduledJobs } from '../functions/appointment-reminders/jobs.ts';
import { sendJson, type RequestHandler, type UpgradeHandler } from './http.ts';
import { createGateway } from './gateway.ts';
import { createOriginGuard, ownHosts } from './cors.ts';
import { throttleSignIn } from './cognito-throttle.ts';
import { createLocalS3 } from './s3.ts';
import { createStatic } from './static.ts';
import { invokeLambda } from './lambdas.ts';
import { startLocalCognito, type LocalCognito } from './cognito/index.ts';
import { createJwtVerifier, createLocalAppSync } from './appsync/index.ts';
import { signOutRecorder } from './sign-out-record.ts';
import { nppesFixtureHandler } from './nppes-registry.ts';
import { seedDemoPractice, type SeedResult } from './seed.ts';
import { restorePool, restoreTables, seedSnapshotFromEnv } from './seed-snapshot.ts';
import { createVideoSignalRelay } from './video-signal.ts';
import { newAdminCredentials } from './cognito/admin-auth.ts';
import { createCardCheckout } from './card-checkout.ts';
import { createLocalEmdrApp } from './emdr-app.ts';
import { createLambdaInvoke } from './lambda-invoke.ts';

export const ROOT = resolve(import.meta.dirname, '..');

/** An EMDR app address given by the environment (else each runtime points at its own /_local/emdr/). */
const GIVEN_EMDR_APP_URL = process.env.EMDR_APP_URL;

export interface RuntimeOptions {
  /** Public port; 0 picks a free one. */
  port: number;
  /** Where data persists between runs; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** Built console to serve; default web/dist. */
  webDist?: string;
  /** Seed the demo practice when the database has none (default true). */
  seed?: boolean;
  /** Also seed the demo data set (functions/demo-data/generator.ts) into the demo practice: `npm start` only (issue 18). */
  demoSet?: boolean;
  /** Idle minutes before automatic logoff, written into /config.json. */
  idleTimeoutMinutes?: number;
  /** Interface to bind the public port to (default 127.0.0.1). */
  host?: string;
  /** Count the GraphQL resolvers' DynamoDB requests by table and operation (Runtime.dynamoRequests). */
  countDynamoRequests?: boolean;
  /**
   * How often the appointment-reminder job runs (EventBridge Scheduler's stand-in), in ms; default
   * one minute; 0 turns it off (tests that drive functions/appointment-reminders themselves).
   */
  reminderIntervalMs?: number;
}

export interface Runtime {
  url: string;
  port: number;
  outbox: Outbox;
  dynamo: LocalDynamoDb;
  cognito: LocalCognito;
  seed: SeedResult | null;
  /** Where its files live (options.dataDir, else a scratch folder removed on stop). */
  dataDir: string;
  /** With countDynamoRequests: the resolvers' DynamoDB requests since the last take(). */
  dynamoRequests: DynamoRequestCounter | null;
  stop(): Promise<void>;
}

interface Mount {
  prefix: string;
  handle: RequestHandler;
}

function matchMount(mounts: Mount[], pathname: string): { mount: Mount; rest: string } | null {
  for (const mount of mounts) {
    if (pathname === mount.prefix || pathname.startsWith(mount.prefix + '/')) return { mount, rest: pathname.slice(mount.prefix.length) || '/' };
  }
  return null;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolvePort, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      resolvePort(typeof address === 'object' && address ? address.port : port);
    });
  });
}

export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const scratch = options.dataDir ? null : mkdtempSync(join(tmpdir(), 'portal-runtime-'));
  const dataDir = options.dataDir ?? scratch!;
  mkdirSync(dataDir, { recursive: true });
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const outbox = new Outbox(options.dataDir);
    // A test run's seed, made once and copied (local/seed-snapshot.ts): in-memory runtimes with the plain demo seed only.
    const snapshot = options.dataDir === null && options.seed !== false && options.demoSet !== true ? seedSnapshotFromEnv() : null;
    if (snapshot) restorePool(snapshot, join(dataDir, 'cognito'));
    const dynamo = await startDynamoDb(options.dataDir ? join(dataDir, 'dynamodb') : null);
    cleanups.push(() => dynamo.stop());
    await createTables(dynamo.client);

    const mounts: Mount[] = [];
    const upgrades: Array<{ prefix: string; handle: UpgradeHandler }> = [];
    const server = createServer((req, res) => void route(req, res));
    const host = options.host ?? '127.0.0.1';
    const port = await listen(server, options.port, host);
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
    );
    const url = `http://localhost:${port}`;
    // Own origin only: foreign Origin / Host headers are refused on every path (local/cors.ts).
    const originGuard = createOriginGuard(ownHosts(port, host));

    // The Lambda handlers run in this process: point them at the local services.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      DYNAMODB_ACCESS_KEY_ID: dynamo.accessKeyId,
      COGNITO_ENDPOINT: `http://127.0.0.1:${port}/cognito`,
      USER_POOL_ID: LOCAL_USER_POOL_ID,
      USER_POOL_CLIENT_ID: LOCAL_USER_POOL_CLIENT_ID,
      PRACTICE_TABLE: tableName(LOCAL_ENV, 'Practice'),
      DIRECTORY_TABLE: tableName(LOCAL_ENV, 'Directory'),
      AUDIT_TABLE: tableName(LOCAL_ENV, 'Audit'),
      NPPES_URL: `http://127.0.0.1:${port}/_local/nppes`,
      // SMS and e-mail from Lambdas (functions/shared/notifier.ts) go to the SNS / SES stand-ins.
      SNS_ENDPOINT: `http://127.0.0.1:${port}/_local/sns`,
      SES_ENDPOINT: `http://127.0.0.1:${port}/_local/ses`,
      SES_FROM_ADDRESS: 'no-reply@practiceportal.test',
      // Links in what Lambdas send (sign-in, the client's video link): the console's own origin (AWS: consoleOrigins[0]).
      PORTAL_ORIGIN: url,
    });

    // Profile photos (functions/profile-photo): presigned URLs for the S3 stand-in at /_local/s3 on
    // the public origin (the browser's host is signed), and its files for deleting a refused upload.
    Object.assign(process.env, { BUCKET: 'portal-local-media', S3_ENDPOINT: `${url}/_local/s3`, LOCAL_S3_ROOT: join(dataDir, 's3') });

    // Plans (functions/plans): the local payment adapter records plan changes instead of charging a card.
    // Client card payments (issue 15): the local test-card page (/_local/pay) signs its webhook with a per-run secret.
    // Data export (issue 18): functions/export starts functions/export-worker through Lambda's Invoke
    // API (InvocationType Event); locally that is this stand-in, at a path only the in-process Lambdas know.
    const lambdaSecret = randomBytes(16).toString('hex');
    const lambdaInvoke = createLambdaInvoke(lambdaSecret);
    Object.assign(process.env, { LAMBDA_ENDPOINT: `http://127.0.0.1:${port}/_local/lambda/${lambdaSecret}`, EXPORT_WORKER: 'export-worker', ELIGIBILITY_FUNCTION: 'eligibility' });

    process.env.PAYMENT_PROVIDER = 'local';
    const paymentWebhookSecret = `whsec_local_${randomBytes(24).toString('hex')}`;
    process.env.PAYMENT_WEBHOOK_SECRET = paymentWebhookSecret;

    // Insurance (issue 16): functions/eligibility asks the local clearinghouse sandbox, deterministic
    // per member id (README "Clearinghouse sandbox"); CLEARINGHOUSE=stedi with a secret is AWS's.
    process.env.CLEARINGHOUSE = 'sandbox';

    // EMDR hand-off (issue 14): the external EMDR app's address (EMDR_APP_URL; by default the app's local
    // stand-in, /_local/emdr/) and the secret its server shows to exchange a code — made per run unless
    // given (AWS: Secrets Manager by name).
    Object.assign(process.env, { EMDR_APP_URL: GIVEN_EMDR_APP_URL || `${url}/_local/emdr/`, EMDR_APP_SECRET: process.env.EMDR_APP_SECRET || randomBytes(24).toString('hex') });

    // Video (issue 6): functions/video-join signs local room tokens with a secret made fresh at
    // every start; the signaling relay at /_local/video-signal checks them.
    const videoSecret = randomBytes(32).toString('base64url');
    Object.assign(process.env, { VIDEO_PROVIDER: 'local', VIDEO_SIGNING_SECRET: videoSecret, VIDEO_SIGNAL_PATH: '/_local/video-signal' });
    const videoSignal = createVideoSignalRelay({ secret: videoSecret });
    cleanups.push(() => videoSignal.close());

    const cognito = await startLocalCognito({
      dataDir: join(dataDir, 'cognito'),
      outbox,
      publicUrl: `${url}/cognito`,
      triggers: {
        postConfirmation: (event) => invokeLambda('post-confirmation', event),
        preTokenGeneration: (event) => invokeLambda('pre-token-generation', event),
      },
      // Issue 11 §2: a global sign-out marks the membership, so /graphql refuses the ended sign-ins' tokens.
      onGlobalSignOut: signOutRecorder(dynamo.client, LOCAL_ENV),
    });
    cleanups.push(() => cognito.close());
    // Admin calls of the in-process Lambdas are signed with the pool's own key (local/cognito/admin-auth.ts).
    Object.assign(process.env, { COGNITO_ACCESS_KEY_ID: cognito.adminCredentials.accessKeyId, COGNITO_SECRET_ACCESS_KEY: cognito.adminCredentials.secretAccessKey });

    const dynamoRequests = options.countDynamoRequests ? new DynamoRequestCounter(LOCAL_ENV) : null;
    // The @aws_iam mutations (issue 13's live risk alert): the in-process Lambdas sign them with a
    // key made fresh at every start, as the function's role does in AWS (functions/shared/appsync-publish.ts).
    const appsyncIam = newAdminCredentials();
    Object.assign(process.env, { GRAPHQL_URL: `http://127.0.0.1:${port}/graphql`, APPSYNC_PUBLISH_ACCESS_KEY_ID: appsyncIam.accessKeyId, APPSYNC_PUBLISH_SECRET_ACCESS_KEY: appsyncIam.secretAccessKey });
    const appsync = createLocalAppSync({
      iamCredentials: appsyncIam,
      onDynamoRequest: dynamoRequests?.record,
      dynamoEndpoint: dynamo.endpoint,
      dynamoAccessKeyId: dynamo.accessKeyId,
      env: LOCAL_ENV,
      verifyToken: createJwtVerifier({ issuer: cognito.issuer, clientId: LOCAL_USER_POOL_CLIENT_ID, jwks: () => cognito.jwks() }),
      invokeLambda,
    });
    cleanups.push(() => appsync.close());

    // The scheduled jobs (functions/appointment-reminders/jobs.ts: reminders, assessment links, …), on a timer
    // as EventBridge Scheduler runs them in AWS. Counts only in the log.
    const reminderEvery = options.reminderIntervalMs ?? 60_000;
    if (reminderEvery > 0) {
      const timer = setInterval(() => {
        runScheduledJobs().then((result) => {
          for (const [name, counts] of Object.entries(result)) {
            if (counts && typeof counts === 'object' && 'failed' in counts && typeof counts.failed === 'string') console.error(`[runtime] scheduled job ${name} failed: ${counts.failed}`);
          }
        }, (error) => console.error(`[runtime] scheduled jobs failed: ${(error as Error).name}`));
      }, reminderEvery);
      timer.unref();
      cleanups.push(() => clearInterval(timer));
    }

    const gateway = createGateway();
    const s3 = createLocalS3({ rootDir: join(dataDir, 's3') });
    const web = createStatic(options.webDist ?? join(ROOT, 'web', 'dist'));
    const idleTimeoutMinutes = options.idleTimeoutMinutes ?? DEFAULT_IDLE_TIMEOUT_MINUTES;

    const configFor = (req: IncomingMessage): RuntimeConfig => {
      const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
      return {
        siteName: SITE_NAME,
        backend: 'local',
        region: LOCAL_REGION,
        userPoolId: LOCAL_USER_POOL_ID,
        userPoolClientId: LOCAL_USER_POOL_CLIENT_ID,
        userPoolEndpoint: `${origin}/cognito`,
        authFlowType: 'USER_PASSWORD_AUTH',
        graphqlEndpoint: `${origin}/graphql`,
        restEndpoint: `${origin}/api`,
        idleTimeoutMinutes,
        defaultLanguage: 'en',
      };
    };

    mounts.push(
      { prefix: '/config.json', handle: (req, res) => sendJson(res, 200, configFor(req)) },
      { prefix: '/graphql', handle: appsync.handleGraphql },
      { prefix: '/cognito', handle: throttleSignIn(cognito.handle) },
      { prefix: '/api', handle: gateway.handle },
      { prefix: '/_local/outbox', handle: (_req, res) => sendJson(res, 200, outbox.list()) },
      { prefix: '/_local/sns', handle: createLocalSns(outbox) },
      { prefix: '/_local/ses', handle: createLocalSes(outbox) },
      { prefix: '/_local/s3', handle: s3.handle },
      { prefix: '/_local/nppes', handle: nppesFixtureHandler },
      { prefix: '/_local/lambda', handle: lambdaInvoke.handle },
      { prefix: '/_local/pay', handle: createCardCheckout({ origin: url, secret: paymentWebhookSecret }).handle },
      { prefix: '/_local/emdr', handle: createLocalEmdrApp({ origin: url, secret: () => process.env.EMDR_APP_SECRET ?? '' }).handle },
    );
    upgrades.push({ prefix: '/graphql/realtime', handle: appsync.handleRealtime });
    upgrades.push({ prefix: '/_local/video-signal', handle: videoSignal.handleUpgrade }); // video relay (issue 6)

    async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const pathname = new URL(req.url ?? '/', 'http://local').pathname;
      try {
        if (originGuard.screen(req, res)) return;
        const match = matchMount(mounts, pathname);
        if (match) await match.mount.handle(req, res, match.rest);
        else if (pathname.startsWith('/_local/')) sendJson(res, 404, { message: 'Not Found' });
        else await web.handle(req, res, pathname);
      } catch (error) {
        // Log an id only: request bodies and results may hold PHI.
        const id = crypto.randomUUID();
        console.error(`[runtime] request ${id} failed: ${(error as Error).name}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal Server Error', requestId: id });
        else res.destroy();
      }
    }

    server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
      if (originGuard.screenUpgrade(req, socket)) return;
      const pathname = new URL(req.url ?? '/', 'http://local').pathname;
      const match = upgrades.find((u) => pathname === u.prefix || pathname.startsWith(u.prefix + '/'));
      if (!match) return socket.destroy();
      match.handle(req, socket, head, pathname.slice(match.prefix.length) || '/');
    });

    const seed = options.seed === false ? null : snapshot ? await restoreTables(snapshot, dynamo.client) : await seedDemoPractice({ cognito, dynamo: dynamo.client, demoSet: options.demoSet === true });

    if (scratch) cleanups.unshift(() => rmSync(scratch, { recursive: true, force: true }));
    return { url, port, outbox, dynamo, cognito, seed, dataDir, dynamoRequests, stop };
  } catch (error) {
    await stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
}
