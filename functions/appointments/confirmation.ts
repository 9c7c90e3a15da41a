/**
 * The booking confirmation (issue 19): when an appointment is booked, its client hears of it by
 * their preferred channel — e-mail when they chose e-mail communication and have an address, else
 * a text message to their phone — with the video link for a telehealth session. No PHI beyond the
 * time and the practice's name (domain/notices.ts). A failure to send never undoes the booking.
 */
import { GetCommand, type NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { clientVideoPath } from '../../domain/appointment/api.ts';
import { toE164 } from '../../domain/contact-fields.ts';
import { confirmationText } from '../../domain/notices.ts';
import { settingsKey } from '../../domain/practice.ts';
import { usableTimezone } from '../../domain/recurrence.ts';
import { dynamo, table } from '../shared/aws.ts';
import { notifier, type Notifier } from '../shared/notifier.ts';

type Item = Record<string, NativeAttributeValue>;

/** Where the client wants to hear from the practice, or null when they gave no way. */
export function preferredChannel(client: Item): { channel: 'EMAIL'; to: string } | { channel: 'SMS'; to: string } | null {
  const email = typeof client?.contact?.email === 'string' ? client.contact.email.trim() : '';
  const phone = typeof client?.contact?.phone === 'string' ? toE164(client.contact.phone) : null;
  if (client?.communicationSetting?.email === true && email) return { channel: 'EMAIL', to: email };
  if (phone) return { channel: 'SMS', to: phone };
  return null;
}

/** Sends the confirmation for a booking (its occurrences, first first); 'sent', 'noAddress' or 'failed'. */
export async function sendBookingConfirmation(
  practiceId: string,
  client: Item,
  occurrences: Item[],
  send: Notifier = notifier(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<'sent' | 'noAddress' | 'failed'> {
  const first = occurrences[0];
  const route = preferredChannel(client);
  if (!first || !route) return 'noAddress';
  try {
    const details = (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: settingsKey(practiceId, 'PracticeDetails') })))?.Item;
    const data = (details?.data ?? {}) as Item;
    const path = clientVideoPath(first.videoRoomId, first.clinicianId);
    const origin = (env.PORTAL_ORIGIN ?? '').replace(/\/+$/, '');
    const text = confirmationText({
      practiceName: typeof data.name === 'string' ? data.name : null,
      startMs: Date.parse(first.start),
      timeZone: usableTimezone(data.timezone),
      moreSessions: occurrences.length - 1,
      videoLink: path && origin ? origin + path : null,
    });
    if (route.channel === 'SMS') await send.sendSms(route.to, text.body);
    else await send.sendEmail(route.to, text.subject, text.body);
    return 'sent';
  } catch {
    // A bad address or a messaging outage must not fail a booking that is already saved; nothing is logged (addresses).
    return 'failed';
  }
}
