/**
 * Local stand-ins for Amazon SNS (SMS) and Amazon SES v2 (e-mail), speaking their wire protocols,
 * so Lambdas send through the real adapter (functions/shared/notifier.ts, the AWS SDK clients with
 * an endpoint) and every message lands in the outbox:
 *   POST /_local/sns                        SNS query protocol, Action=Publish with PhoneNumber
 *   POST /_local/ses/v2/email/outbound-emails  SES v2 SendEmail (REST JSON, Simple content)
 * Requests are SigV4-signed by the SDK; the signature is not checked (local only, like S3's stand-in).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Outbox } from './outbox.ts';

const MAX_BODY = 256 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw Object.assign(new Error('Request too large'), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The one-time code in a text (6 digits on their own, or a team invitation's temporary password), as the outbox records it. */
export function codeIn(text: string): string | null {
  const temporary = /Temporary password: (\S+)/.exec(text)?.[1];
  return temporary ?? /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

function snsError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'text/xml' });
  res.end(
    `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
  );
}

export function createLocalSns(outbox: Outbox) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return snsError(res, 405, 'InvalidAction', 'Only POST is supported');
    const form = new URLSearchParams(await readBody(req));
    if (form.get('Action') !== 'Publish') return snsError(res, 400, 'InvalidAction', 'Only Publish is supported locally');
    const phone = form.get('PhoneNumber') ?? '';
    const message = form.get('Message') ?? '';
    if (!E164.test(phone)) return snsError(res, 400, 'InvalidParameter', 'Invalid parameter: PhoneNumber Reason: not an E.164 number');
    if (!message) return snsError(res, 400, 'InvalidParameter', 'Invalid parameter: Message Reason: empty');
    outbox.send({ channel: 'sms', to: phone, subject: null, body: message, code: codeIn(message) });
    const id = randomUUID();
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(
      `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${id}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
    );
  };
}

function sesError(res: ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  res.end(JSON.stringify({ message }));
}

/** The SESv2 SendEmail body as it arrives (wire JSON: every part checked before use). */
type SendEmailBody = { FromEmailAddress?: unknown; Destination?: { ToAddresses?: unknown }; Content?: { Simple?: { Subject?: { Data?: unknown }; Body?: { Text?: { Data?: unknown } } } } };

export function createLocalSes(outbox: Outbox) {
  return async (req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> => {
    if (req.method !== 'POST' || rest !== '/v2/email/outbound-emails') return sesError(res, 404, 'NotFoundException', 'Only SendEmail is supported locally');
    let body: SendEmailBody | null;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return sesError(res, 400, 'BadRequestException', 'Malformed JSON');
    }
    const to: unknown = body?.Destination?.ToAddresses;
    const simple = body?.Content?.Simple;
    const subject = simple?.Subject?.Data;
    const text = simple?.Body?.Text?.Data;
    if (typeof body?.FromEmailAddress !== 'string' || !Array.isArray(to) || to.length === 0 || typeof subject !== 'string' || typeof text !== 'string') {
      return sesError(res, 400, 'BadRequestException', 'FromEmailAddress, Destination.ToAddresses and Simple text content are required');
    }
    for (const address of to) outbox.send({ channel: 'email', to: String(address), subject, body: text, code: codeIn(text) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ MessageId: randomUUID() }));
  };
}
