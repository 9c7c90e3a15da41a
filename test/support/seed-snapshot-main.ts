/**
 * `node --import tsx test/support/seed-snapshot-main.ts <file>`: run once per test run by the global
 * setup (shared-services.ts), in a process of its own (a runtime sets the environment of the process
 * it runs in), in the background. Starts a runtime on the run's shared services, lets it seed the demo practice the way
 * every runtime used to (local/seed.ts), and writes what it holds to <file> (local/seed-snapshot.ts),
 * which every runtime of the run then copies instead of seeding again.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRuntime } from '../../local/runtime.ts';
import { SEED_SNAPSHOT_ENV, takeSeedSnapshot } from '../../local/seed-snapshot.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: seed-snapshot-main.ts <file>');
delete process.env[SEED_SNAPSHOT_ENV];
const runtime = await startRuntime({ port: 0, dataDir: null, reminderIntervalMs: 0 });
try {
  if (!runtime.seed?.created) throw new Error('the demo seed did not run');
  // Written whole, then renamed: a runtime that sees the file sees all of it.
  writeFileSync(`${file}.part`, JSON.stringify(await takeSeedSnapshot(runtime.seed.practiceId, runtime.dynamo.client, join(runtime.dataDir, 'cognito'))));
  renameSync(`${file}.part`, file);
} finally {
  await runtime.stop();
}
