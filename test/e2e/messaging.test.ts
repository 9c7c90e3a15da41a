/**
 * Telehealth (/app/communication, issue 12) in the browser: the owner sees the unread count in the
 * side menu and the top bar, opens a conversation (read, the count drops), sends a message with a
 * PDF that the demo client reads through the API, receives the client's answer live, sees a
 * typed-wrong attachment refused with the API's message, and retracts a message.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { usePortal } from '../support/portal.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { signInSeeded } from '../support/cognito-sdk.ts';
import { graphql } from '../support/graphql.ts';

const portal = usePortal();
// What the client portal selects: subscribers receive the fields the sender's mutation selects.
const CLIENT_SEND = 'mutation ($c: ID!) { sendClientMessage(conversationId: $c, text: "Thank you, got it.") { id conversationId practiceId clientId therapistId senderType senderId senderName text attachments { id fileName contentType size } sentAt retractedAt readAt } }';

describe('Telehealth: secure messaging', () => {
  it('reads, sends with an attachment, receives live, refuses a wrong type, retracts', async () => {
    const client = (await signInSeeded(portal.runtime.url, DEMO_CLIENT.email, DEMO_PASSWORD)).accessToken;
    const asClient = (query: string, variables: Record<string, unknown> = {}) => graphql(`${portal.runtime.url}/graphql`, client, query, variables).then((r) => r.body as { data: any; errors?: unknown[] });
    const conversation = (await asClient('{ clientConversations { id } }')).data.clientConversations[0].id as string;

    const page = await portal.browser.newPage();
    await signInInBrowser(page, portal.runtime.url, DEMO_OWNER.email);
    // The seeded conversation with Avery has one unread message: the menu and the top bar say so.
    await page.getByRole('status', { name: '1 unread message' }).waitFor();
    await page.getByRole('button', { name: '1 unread message' }).click();
    await page.waitForURL('**/app/communication');
    await page.getByRole('heading', { name: 'Telehealth', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Avery Lane' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByText('Could we talk about the weekend').waitFor();
    // Opening it marked it read: the count goes.
    await page.getByRole('status', { name: '1 unread message' }).waitFor({ state: 'detached' });

    // Taylor Brooks (the demo client): a message with a PDF.
    await page.getByRole('button', { name: 'Taylor Brooks' }).click();
    await page.getByRole('list', { name: 'Messages' }).getByText('Is it okay to send my sleep log').waitFor();
    await page.getByLabel('New message').fill('Here is the worksheet we discussed.');
    await page.getByTestId('attach-input').setInputFiles({ name: 'worksheet.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByRole('button', { name: 'Send' }).click();
    const history = page.getByRole('list', { name: 'Messages' });
    await history.getByText('Here is the worksheet we discussed.').waitFor();
    await history.getByRole('button', { name: 'worksheet.pdf', exact: true }).waitFor();
    const seen = (await asClient('query ($c: ID!) { clientMessages(conversationId: $c) { items { text attachments { fileName } } } }', { c: conversation })).data.clientMessages.items[0];
    expect(seen).toEqual({ text: 'Here is the worksheet we discussed.', attachments: [{ fileName: 'worksheet.pdf' }] });

    // The client answers: it arrives live (the subscription may still be starting: bounded retries).
    const answer = history.getByText('Thank you, got it.');
    for (let attempt = 0; attempt < 10 && !(await answer.count()); attempt++) {
      if (attempt === 0 || attempt === 5) expect((await asClient(CLIENT_SEND, { c: conversation })).errors).toBeUndefined();
      await answer.first().waitFor({ timeout: 1000 }).catch(() => undefined);
    }
    await answer.first().waitFor();

    // A "PNG" that is not one: refused on the stored bytes, with the API's message; nothing sent.
    await page.getByLabel('New message').fill('A photo of the log');
    await page.getByTestId('attach-input').setInputFiles({ name: 'log.png', mimeType: 'image/png', buffer: Buffer.from('not really an image') });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Attachments must be PDF, JPG or PNG files.').waitFor();
    const texts = (await asClient('query ($c: ID!) { clientMessages(conversationId: $c) { items { text } } }', { c: conversation })).data.clientMessages.items.map((m: { text: string }) => m.text);
    expect(texts).not.toContain('A photo of the log');

    // Retract the worksheet message: shown as retracted, here and to the client.
    await page.getByRole('button', { name: 'Remove log.png' }).click();
    await page.getByRole('button', { name: 'Retract' }).first().click();
    await history.getByText('This message was retracted.').waitFor();
    const after = (await asClient('query ($c: ID!) { clientMessages(conversationId: $c) { items { text retractedAt } } }', { c: conversation })).data.clientMessages.items;
    expect(after.find((m: { retractedAt: string | null }) => m.retractedAt)).toMatchObject({ text: null });
    await page.close();
  });
});
