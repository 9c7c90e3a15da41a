import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../local/outbox.ts';

describe('Outbox', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('lists messages newest last and finds the latest per address and channel', () => {
    const outbox = new Outbox(null);
    outbox.send({ channel: 'email', to: 'A@example.com', subject: 'Code', body: 'Your code is 111111', code: '111111' });
    outbox.send({ channel: 'sms', to: '+15555550100', subject: null, body: 'Code 222222', code: '222222' });
    outbox.send({ channel: 'email', to: 'a@example.com', subject: 'Code', body: 'Your code is 333333', code: '333333' });
    expect(outbox.list().map((m) => m.code)).toEqual(['111111', '222222', '333333']);
    expect(outbox.latestTo('a@EXAMPLE.com', 'email')?.code).toBe('333333');
    expect(outbox.latestTo('+15555550100')?.channel).toBe('sms');
    expect(outbox.list()[0].sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('keeps messages across restarts when given a data folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    new Outbox(dir).send({ channel: 'email', to: 'b@example.com', subject: 'Hi', body: 'x', code: null });
    expect(new Outbox(dir).list()).toHaveLength(1);
  });
});
