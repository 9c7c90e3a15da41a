/**
 * The local stand-in for SES and SNS: every e-mail and SMS the system sends lands here.
 * Served as JSON at GET /_local/outbox (newest last). Tests read codes from here, never from logs.
 * Kept in memory, and appended synchronously to <dataDir>/outbox.json when the runtime persists.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  body: string;
  /** The one-time code in the message, if any (confirmation, MFA, password reset, invitation). */
  code: string | null;
  sentAt: string;
}

export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  private readonly file: string | null;

  constructor(dataDir: string | null) {
    this.file = dataDir ? join(dataDir, 'outbox.jsonl') : null;
    if (this.file && existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (line.trim()) this.messages.push(JSON.parse(line));
      }
    }
  }

  send(message: Omit<OutboxMessage, 'sentAt'>): OutboxMessage {
    const stored: OutboxMessage = { ...message, sentAt: new Date().toISOString() };
    this.messages.push(stored);
    if (this.file) appendFileSync(this.file, JSON.stringify(stored) + '\n');
    return stored;
  }

  list(): OutboxMessage[] {
    return [...this.messages];
  }

  /** The newest message to an address, optionally on one channel. */
  latestTo(to: string, channel?: OutboxMessage['channel']): OutboxMessage | undefined {
    const wanted = to.toLowerCase();
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i];
      if (m.to.toLowerCase() === wanted && (!channel || m.channel === channel)) return m;
    }
    return undefined;
  }
}
