/**
 * How the authorization matrix puts its domains together and runs its calls: the domains' rows
 * merged (a field with rows in two domains fails at once), calls side by side in a few lanes, and
 * the calls that change shared state alone.
 */
import type { AuthzDomain, Operation, Outcome } from './matrix.ts';

export interface Matrix {
  expected: Record<string, Outcome[]>;
  operations: Record<string, Operation>;
  clientAllowed: string[];
  exclusive: Set<string>;
}

/** One matrix from the domain modules (test/support/authz/index.ts); a field claimed twice throws. */
export function mergeDomains(domains: Record<string, AuthzDomain>): Matrix {
  const merged: Matrix = { expected: {}, operations: {}, clientAllowed: [], exclusive: new Set() };
  const ownerOf: Record<string, string> = {};
  const claim = (field: string, domain: string) => {
    if (ownerOf[field] && ownerOf[field] !== domain) throw new Error(`${field}: rows in two domains (${ownerOf[field]}, ${domain})`);
    ownerOf[field] = domain;
  };
  for (const [name, domain] of Object.entries(domains)) {
    for (const [field, row] of Object.entries(domain.expected)) {
      claim(field, name);
      merged.expected[field] = row;
    }
    for (const [field, operation] of Object.entries(domain.operations)) {
      claim(field, name);
      merged.operations[field] = operation;
    }
    merged.clientAllowed.push(...(domain.clientAllowed ?? []));
    for (const field of domain.exclusive ?? []) merged.exclusive.add(field);
  }
  return merged;
}

/**
 * Calls run side by side, except exclusive ones: an exclusive call waits until every running call
 * has finished, runs alone, and holds back every new call until it is done.
 */
export class Gate {
  private running = 0;
  private alone: Promise<void> | null = null;
  private idle: Array<() => void> = [];

  async run<T>(exclusive: boolean, work: () => Promise<T>): Promise<T> {
    while (this.alone) await this.alone;
    if (!exclusive) {
      this.running += 1;
      try {
        return await work();
      } finally {
        this.running -= 1;
        if (this.running === 0) this.idle.splice(0).forEach((wake) => wake());
      }
    }
    let release = () => {};
    this.alone = new Promise<void>((done) => (release = done));
    while (this.running > 0) await new Promise<void>((wake) => this.idle.push(wake));
    try {
      return await work();
    } finally {
      this.alone = null;
      release();
    }
  }
}

/** `work` for every item, at most `lanes` at a time, each lane taking the next item in order; after a failure no lane starts another item, and the first failure is thrown once all have stopped. */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(lanes, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        try {
          await work(item);
        } catch (error) {
          queue.length = 0; // the other lanes finish their current call and stop
          throw error;
        }
      }
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** A queue: each call's work starts when the previous call's has finished (for calls that contend for one record). */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const turn = tail.then(work);
    tail = turn.catch(() => undefined);
    return turn;
  };
}
