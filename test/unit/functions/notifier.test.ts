/**
 * The SNS and SES adapters (real AWS SDK clients) against the local stand-ins of their wire
 * protocols (local/messaging.ts): what a Lambda sends is what lands in the outbox; the stand-ins
 * refuse what the services refuse.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsNotifier } from '../../../functions/shared/notifier.ts';
import { createLocalSes, createLocalSns } from '../../../local/messaging.ts';
import { Outbox } from '../../../local/outbox.ts';

let server: Server;
let base: string;
const outbox = new Outbox(null);

beforeAll(async () => {
  const sns = createLocalSns(outbox);
  const ses = createLocalSes(outbox);
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/sns')) void sns(req, res);
    else if (path.startsWith('/ses')) void ses(req, res, path.slice('/ses'.length));
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const notifier = () => awsNotifier({ SNS_ENDPOINT: `${base}/sns`, SES_ENDPOINT: `${base}/ses`, SES_FROM_ADDRESS: 'no-reply@practiceportal.test', AWS_REGION: 'us-east-1' });

describe('notifier over the SNS and SES wire protocols', () => {
  it('publishes an SMS to an E.164 number, with the code recorded', async () => {
    await notifier().sendSms('+15555550123', 'Your Practice Portal code is 482913.');
    expect(outbox.latestTo('+15555550123', 'sms')).toMatchObject({ body: 'Your Practice Portal code is 482913.', code: '482913', subject: null });
  });

  it('sends an e-mail with subject and text', async () => {
    await notifier().sendEmail('jane@clinic.example', 'Appointment reminder', 'You have an appointment on 2026-12-01 at 10:00 AM PST.');
    expect(outbox.latestTo('jane@clinic.example', 'email')).toMatchObject({ subject: 'Appointment reminder', code: null });
  });

  it('surfaces the services\u2019 refusals as errors and delivers nothing', async () => {
    const before = outbox.list().length;
    await expect(notifier().sendSms('555-0100', 'hello')).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(awsNotifier({ SES_ENDPOINT: `${base}/ses` }).sendEmail('a@b.example', 's', 't')).rejects.toThrow('SES_FROM_ADDRESS');
    expect(outbox.list()).toHaveLength(before);
  });
});
