/**
 * Demo secure messaging (issue 12), seeded once with the practice (local/seed.ts): a few
 * conversations with history between the demo practice and its clients — the demo client's (so the
 * client portal has messages), one of the owner's other clients with an unread message from the
 * client, and the basic clinician's client (seen by that clinician and by the owner). Written with
 * the builders the messaging Lambda uses (domain/messaging/items.ts).
 */
import { PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SENDER } from '../domain/messaging/api.ts';
import { conversationItem, messageItem } from '../domain/messaging/items.ts';
import { newMessageId } from '../domain/messaging/rules.ts';
import type { SeededMember } from './seed-appointments.ts';

type Line = [side: 'practice' | 'client', minutesAgo: number, text: string];

const THREADS: { first: string; unreadForPractice: number; lines: Line[] }[] = [
  {
    first: 'Taylor',
    unreadForPractice: 0,
    lines: [
      ['practice', 3 * 24 * 60, 'Hi Taylor, welcome to the client portal. You can message me here between sessions.'],
      ['client', 3 * 24 * 60 - 45, 'Thanks! Is it okay to send my sleep log before Thursday?'],
      ['practice', 3 * 24 * 60 - 60, 'Yes, please attach it here as a PDF or a photo.'],
    ],
  },
  {
    first: 'Avery',
    unreadForPractice: 1,
    lines: [
      ['practice', 2 * 24 * 60, 'Reminder: please fill in the mood worksheet before our next session.'],
      ['client', 90, 'Done. Could we talk about the weekend at the start of the session?'],
    ],
  },
  {
    first: 'Morgan',
    unreadForPractice: 0,
    lines: [
      ['client', 26 * 60, 'I need to move next week’s appointment, is Wednesday possible?'],
      ['practice', 25 * 60, 'Wednesday at 3 pm works. I have updated the calendar.'],
    ],
  },
];

export async function seedDemoMessaging(db: DynamoDBDocumentClient, practiceTable: string, practiceId: string, members: SeededMember[], now = new Date()): Promise<void> {
  const out = await db.send(new QueryCommand({ TableName: practiceTable, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :client)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':client': 'Client#' } }));
  const clients = (out.Items ?? []) as { id: string; therapistId: string; personalDetail: { first: string; last: string } }[];
  let n = 0;
  for (const thread of THREADS) {
    const client = clients.find((c) => c.personalDetail?.first === thread.first);
    if (!client) continue;
    const clinician = members.find((m) => m.sub === client.therapistId) ?? members[0];
    const clientName = `${client.personalDetail.first} ${client.personalDetail.last}`;
    let last = '';
    let lastSide = '';
    for (const [side, minutesAgo, text] of thread.lines) {
      const at = now.getTime() - minutesAgo * 60_000;
      const sentAt = new Date(at).toISOString();
      n += 1;
      const item = messageItem({
        practiceId, clientId: client.id, therapistId: client.therapistId, id: newMessageId(at, n.toString(16).padStart(8, '0')),
        senderType: side === 'practice' ? SENDER.practice : SENDER.client,
        senderId: side === 'practice' ? clinician.sub : `seeded-client-${client.id}`,
        senderName: side === 'practice' ? `${clinician.givenName} ${clinician.familyName}` : client.personalDetail.first,
        text, attachments: [], sentAt,
      });
      await db.send(new PutCommand({ TableName: practiceTable, Item: item }));
      last = sentAt;
      lastSide = item.senderType as string;
    }
    const readAt = new Date(now.getTime() - 60_000).toISOString();
    await db.send(new PutCommand({
      TableName: practiceTable,
      Item: conversationItem({
        practiceId, clientId: client.id, therapistId: client.therapistId, clientName, lastMessageAt: last, lastSenderType: lastSide,
        unreadForPractice: thread.unreadForPractice, unreadForClient: 0,
        practiceReadAt: thread.unreadForPractice ? new Date(now.getTime() - 2 * 24 * 60 * 60_000).toISOString() : readAt, clientReadAt: readAt,
      }),
    }));
  }
}
