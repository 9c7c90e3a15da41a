import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { JavaMissingError, startDynamoDb } from '../../../local/dynamodb.ts';

describe('DynamoDB Local without Java', () => {
  it('stops with a message that says how to install Java', async () => {
    const path = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const error = await startDynamoDb(null).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(JavaMissingError);
      expect((error as Error).message).toMatch(/Java 17 or newer is required/);
      expect((error as Error).message).toMatch(/apt-get install -y openjdk-17-jre-headless/);
    } finally {
      process.env.PATH = path;
    }
  });
});

/** Resolves 'connected' or the connection error's code (ECONNREFUSED when nothing listens there). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Local addresses of every LISTEN socket on `port`, from /proc/net/tcp and tcp6 (Linux), as hex. */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, p] = local.split(':');
      if (p === hexPort && state === '0A') out.push(address);
    }
  }
  return out;
}

describe('DynamoDB Local on loopback only', () => {
  it('answers on 127.0.0.1 and refuses connections to the machine’s other addresses', async () => {
    const dynamo = await startDynamoDb(null);
    try {
      const port = Number(new URL(dynamo.endpoint).port);
      expect((await dynamo.client.send(new ListTablesCommand({}))).TableNames).toEqual([]);

      // Every non-loopback address of this machine (the LAN side): nothing may answer there.
      const external = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && !a.internal && !a.address.startsWith('fe80'))
        .map((a) => a!.address);
      for (const address of external) expect(`${address} ${await tryConnect(address, port)}`).toBe(`${address} ECONNREFUSED`);

      // The listening socket itself (Linux): bound to 127.0.0.1 (IPv4, or IPv4-mapped in tcp6), not to
      // 0.0.0.0 / ::. This also proves the bind on a machine that has no non-loopback address.
      if (process.platform === 'linux') {
        const loopback = new Set(['0100007F', '0000000000000000FFFF00000100007F']);
        const bound = listeningAddresses(port);
        expect(bound.length).toBeGreaterThan(0);
        for (const address of bound) expect(loopback.has(address), address).toBe(true);
      } else {
        expect(external.length, 'no non-loopback address to test from').toBeGreaterThan(0);
      }
    } finally {
      await dynamo.stop();
    }
  });
});
