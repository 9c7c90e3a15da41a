/** util.autoId / autoUlid / autoKsuid of the local runtime. */
import { randomBytes, randomUUID } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** KSUID epoch: 2014-05-13T16:53:20Z. */
const KSUID_EPOCH_SECONDS = 1_400_000_000;

export function autoId(): string {
  return randomUUID();
}

/** ULID: 48-bit millisecond time + 80 random bits, Crockford base32, 26 characters. */
export function autoUlid(nowMs: number): string {
  let time = '';
  let t = Math.max(0, Math.floor(nowMs));
  for (let i = 0; i < 10; i += 1) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(16);
  let random = '';
  for (let i = 0; i < 16; i += 1) random += CROCKFORD[bytes[i] % 32];
  return time + random;
}

/** KSUID: 32-bit seconds since the KSUID epoch + 128 random bits, base62, 27 characters. */
export function autoKsuid(nowMs: number): string {
  const bytes = Buffer.alloc(20);
  bytes.writeUInt32BE(Math.max(0, Math.floor(nowMs / 1000) - KSUID_EPOCH_SECONDS) >>> 0, 0);
  randomBytes(16).copy(bytes, 4);
  let n = BigInt('0x' + bytes.toString('hex'));
  let out = '';
  while (n > 0n) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(27, '0');
}
