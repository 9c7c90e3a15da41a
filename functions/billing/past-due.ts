/**
 * The past-due reminder (issue 15, session 7), one of the scheduled jobs
 * (functions/appointment-reminders/jobs.ts). A sent or partly paid invoice sits in the sparse
 * past-due index (GSI4PK = BILLDUE#<due date>, domain/billing/run.ts; kept by every write of the
 * invoice, gone once paid or void). Each run reads the last REMINDER_WINDOW_DAYS due dates (a few
 * Queries, never a Scan); an invoice whose due date is before the practice's today and that still
 * owes is claimed once (BREMIND#<invoice>, attribute_not_exists, in the transaction that takes it
 * out of the index) and then, when the practice's `invoicePastDue.sendEmail` is on and the client
 * has portal access, e-mailed: "You have a balance due with <practice>" and the portal link — no
 * name, no amount, no invoice number. With the setting off the invoice just leaves the index.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invoiceKey } from '../../domain/billing/keys.ts';
import { isPayable, type InvoiceStatus } from '../../domain/billing/ledger.ts';
import { pastDuePartition, reminderClaimKey } from '../../domain/billing/run.ts';
import { portalAccessKey } from '../../domain/client-link.ts';
import { dynamo } from '../shared/aws.ts';
import { notifier as defaultNotifier, type Notifier } from '../shared/notifier.ts';
import { practiceBilling, type PracticeBilling } from './practice.ts';
import type { Item } from './request.ts';
import { getItem, practiceTable, put, transact, update } from './store.ts';

/** Due dates read per run: an invoice that fell due while the job was down this long is still reminded. */
export const REMINDER_WINDOW_DAYS = 8;

export interface PastDueCounts {
  considered: number;
  sent: number;
  /** Claimed without an e-mail: the practice's setting is off, or the client has no portal access. */
  quiet: number;
}

export function pastDueMessage(practiceName: string, origin: string): { subject: string; text: string } {
  const from = practiceName || 'your practice';
  return {
    subject: `A balance due with ${from}`,
    text: `You have a balance due with ${from}.\n\nSign in to your client portal to see it and pay: ${origin}/portal/billing\n`,
  };
}

export async function sendPastDueReminders(now = new Date(), send: Notifier = defaultNotifier()): Promise<PastDueCounts> {
  const counts: PastDueCounts = { considered: 0, sent: 0, quiet: 0 };
  const practices = new Map<string, PracticeBilling>();
  for (let back = REMINDER_WINDOW_DAYS; back >= 0; back--) {
    const due = new Date(now.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(new QueryCommand({ TableName: practiceTable(), IndexName: 'GSI4', KeyConditionExpression: 'GSI4PK = :pk', ExpressionAttributeValues: { ':pk': pastDuePartition(due) }, ExclusiveStartKey: start }));
      start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
      for (const entry of (out.Items ?? []) as Item[]) {
        const [practiceId, invoiceId] = String(entry.GSI4SK).split('#');
        if (!practiceId || !invoiceId) continue;
        if (!practices.has(practiceId)) practices.set(practiceId, await practiceBilling(practiceId, now));
        const practice = practices.get(practiceId)!;
        if (!(practice.today > due)) continue;
        counts.considered += 1;
        const inv = await getItem(invoiceKey(practiceId, invoiceId));
        if (!inv || inv.GSI4PK !== entry.GSI4PK || !isPayable(inv.status as InvoiceStatus)) continue;
        const settings = (practice.settings.invoicePastDue ?? {}) as Item;
        const leave = update(invoiceKey(practiceId, invoiceId), 'REMOVE GSI4PK, GSI4SK SET pastDueCheckedAt = :at', { ':at': now.toISOString(), ':pk': entry.GSI4PK }, 'GSI4PK = :pk');
        if (settings.sendEmail !== true) {
          // Not reminded (the setting is off): out of the index, no claim, no e-mail.
          await transact([leave]);
          counts.quiet += 1;
          continue;
        }
        const claimed = await transact([put({ ...reminderClaimKey(practiceId, invoiceId), entity: 'PastDueReminder', at: now.toISOString() }, 'attribute_not_exists(PK)'), leave]);
        if (!claimed.ok) {
          // Reminded before (an older copy of the invoice put the index back): take it out again.
          if (claimed.failed.includes(0)) await transact([leave]);
          continue;
        }
        const access = await getItem(portalAccessKey(practiceId, inv.clientId));
        if (!access || (access.state !== 'invited' && access.state !== 'active') || !access.email) {
          counts.quiet += 1;
          continue;
        }
        const message = pastDueMessage(practice.name, process.env.PORTAL_ORIGIN ?? '');
        await send.sendEmail(access.email, message.subject, message.text);
        counts.sent += 1;
      }
    } while (start);
  }
  return counts;
}
