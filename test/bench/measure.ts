/** Shared by the benchmarks: percentiles, and fast seeding of DynamoDB Local with BatchWriteItem. */
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Runtime } from '../../local/runtime.ts';

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Writes `items` to `table` 25 at a time over 4 parallel workers, retrying unprocessed ones. */
export async function batchWrite(runtime: Runtime, table: string, items: Array<Record<string, unknown>>): Promise<void> {
  const batches: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let pending = { [table]: batch.map((Item) => ({ PutRequest: { Item: marshall(Item, { removeUndefinedValues: true }) } })) };
      while (pending[table]?.length) {
        const out = await runtime.dynamo.client.send(new BatchWriteItemCommand({ RequestItems: pending }));
        pending = (out.UnprocessedItems ?? {}) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}
