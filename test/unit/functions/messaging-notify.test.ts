// The new-message notice to a client (functions/messaging/notify.ts) follows the practice's
// Notifications page (issue 12): switched off, nothing is claimed or sent; its quiet period is the
// throttle's window; a practice that never saved the page keeps 15 minutes.
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { notifyClient } from '../../../functions/messaging/notify.ts';
import type { Conversation } from '../../../functions/messaging/request.ts';

const dynamo = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2030-03-05T18:00:00.000Z');
const conversation: Conversation = { practiceId: 'p1', clientId: 'c1', therapistId: 'owner-sub', clientFirstName: 'Ana', clientName: 'Ana Lopez', conversation: null };

function sentBox() {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const notifier = {
    sendSms: () => Promise.resolve(),
    sendEmail: (to: string, subject: string, text: string) => {
      sent.push({ to, subject, text });
      return Promise.resolve();
    },
  };
  return { sent, notifier };
}

function withNotificationSettings(data: Record<string, unknown> | null) {
  dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Settings#NotificationSettings' } }).resolves(data ? { Item: { PK: 'P#p1', SK: 'Settings#NotificationSettings', data, version: 1 } } : {});
}

beforeEach(() => {
  process.env.PRACTICE_TABLE = 'practice';
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'PortalAccess#c1' } }).resolves({ Item: { state: 'active', email: 'ana@client.example' } });
  dynamo.on(GetCommand, { Key: { PK: 'P#p1', SK: 'Settings#PracticeDetails' } }).resolves({ Item: { data: { name: 'Owens Family Therapy' } } });
  dynamo.on(UpdateCommand).resolves({});
});

const cutoffOfClaim = (): unknown => (dynamo.commandCalls(UpdateCommand)[0].args[0].input.ExpressionAttributeValues as Record<string, unknown>)[':cutoff'];

describe('the new-message notice follows the Notifications page', () => {
  it('never saved: sent, at most one per 15 minutes', async () => {
    withNotificationSettings(null);
    const box = sentBox();
    expect(await notifyClient(conversation, box.notifier, NOW)).toBe('sent');
    expect(cutoffOfClaim()).toBe('2030-03-05T17:45:00.000Z');
    expect(box.sent).toHaveLength(1);
    expect(box.sent[0].to).toBe('ana@client.example');
    expect(box.sent[0].text).toContain('You have a new secure message from Owens Family Therapy');
  });

  it('switched off: nothing claimed, nothing sent', async () => {
    withNotificationSettings({ messageNotifications: false, messageNotificationMinutes: 15 });
    const box = sentBox();
    expect(await notifyClient(conversation, box.notifier, NOW)).toBe('none');
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(box.sent).toEqual([]);
  });

  it("the practice's quiet period is the throttle's window", async () => {
    withNotificationSettings({ messageNotifications: true, messageNotificationMinutes: 120 });
    const box = sentBox();
    expect(await notifyClient(conversation, box.notifier, NOW)).toBe('sent');
    expect(cutoffOfClaim()).toBe('2030-03-05T16:00:00.000Z');
  });
});
