/**
 * A quiet logger for cognito-local. Its pino-http middleware and targets log every request and
 * user record at debug/info, with codes and e-mail addresses in them. Here only errors pass, and
 * only as level + message + error type: no request bodies, users or codes.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pino = require('pino');

export function quietLogger(write: (line: string) => void = (line) => process.stderr.write(line)) {
  const stream = {
    write(chunk: string) {
      try {
        const entry = JSON.parse(chunk);
        const errType = entry.err?.type ?? entry.errorType ?? '';
        write(`[cognito] ${entry.msg ?? 'error'}${errType ? ` (${errType})` : ''}\n`);
      } catch {
        write('[cognito] error\n');
      }
    },
  };
  return pino({ level: 'error', base: null, timestamp: false }, stream);
}
