/**
 * Secure messaging both ways in two browsers (issue 12): the demo client on the client portal
 * (390 px) and the owner on Telehealth exchange messages live, the client with an attachment; the
 * owner's unread count moves; the client's e-mail notification names the practice only.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DEMO_PASSWORD, demoTotpSecret } from '../../local/demo-accounts.ts';
import { DEMO_CLIENT } from '../../local/seed-client-portal.ts';
import { usePortal } from '../support/portal.ts';
import { signInInBrowser } from '../support/browser-signin.ts';
import { totpFor, unusedTotpCode } from '../support/totp-code.ts';

const portal = usePortal();

describe('secure messaging between the client portal and the console', () => {
  it('exchanges messages live both ways, with an attachment; the notification has no message text', async () => {
    const clientContext = await portal.browser.newContext({ viewport: { width: 390, height: 844 } });
    const client = await clientContext.newPage();
    await client.goto(`${portal.runtime.url}/portal/signin`);
    await client.getByLabel('Email').fill(DEMO_CLIENT.email);
    await client.getByLabel('Password').fill(DEMO_PASSWORD);
    await client.getByRole('button', { name: 'Sign in' }).click();
    await client.getByLabel('Code', { exact: true }).fill(await unusedTotpCode(totpFor(demoTotpSecret(DEMO_CLIENT.email))));
    await client.getByRole('button', { name: 'Verify' }).click();
    await client.waitForURL(`${portal.runtime.url}/portal`);
    await client.getByRole('link', { name: 'Messages' }).click();
    const clientThread = client.getByRole('list', { name: /^Messages with / });
    await clientThread.getByText('Is it okay to send my sleep log').waitFor();

    const owner = await portal.browser.newPage();
    await signInInBrowser(owner, portal.runtime.url, DEMO_OWNER.email);
    await owner.goto(`${portal.runtime.url}/app/communication`);
    await owner.getByRole('button', { name: 'Taylor Brooks' }).click();
    const ownerThread = owner.getByRole('list', { name: 'Messages' });
    await ownerThread.getByText('Is it okay to send my sleep log').waitFor();

    // Practice → client, live. (The subscriptions may still be starting: a few bounded tries.)
    const before = portal.runtime.outbox.list().filter((m) => m.to === DEMO_CLIENT.email).length;
    for (let attempt = 0; attempt < 3 && !(await clientThread.getByText('Your results look good').count()); attempt++) {
      await owner.getByLabel('New message').fill(attempt ? `Your results look good (${attempt})` : 'Your results look good');
      await owner.getByRole('button', { name: 'Send' }).click();
      await ownerThread.getByText(attempt ? `Your results look good (${attempt})` : 'Your results look good').waitFor();
      await clientThread.getByText('Your results look good').first().waitFor({ timeout: 3000 }).catch(() => undefined);
    }
    await clientThread.getByText('Your results look good').first().waitFor();

    // Client → practice with an attachment, live; the practice's unread count moves.
    await client.getByLabel('Your message').fill('Here is my sleep log.');
    await client.getByTestId('portal-attach-input').setInputFiles({ name: 'sleep-log.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await client.getByRole('button', { name: 'Send' }).click();
    await clientThread.getByRole('button', { name: 'sleep-log.pdf' }).waitFor();
    await ownerThread.getByText('Here is my sleep log.').waitFor();
    await ownerThread.getByRole('button', { name: 'sleep-log.pdf' }).waitFor();

    // The practice's message was read by the client (the thread is open): a read receipt after reload.
    await owner.reload();
    await owner.getByRole('list', { name: 'Messages' }).getByText(/^Read /).first().waitFor();

    // A typed-wrong attachment from the client: refused with a clear message, nothing sent.
    await client.getByLabel('Your message').fill('A photo');
    await client.getByTestId('portal-attach-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a jpeg') });
    await client.getByRole('button', { name: 'Send' }).click();
    await client.getByRole('alert').filter({ hasText: 'Attachments must be PDF, JPG or PNG files.' }).waitFor();

    // One notification e-mail for the burst, naming the practice only.
    const mails = portal.runtime.outbox.list().filter((m) => m.to === DEMO_CLIENT.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0].body).toContain('You have a new secure message from');
    expect(`${mails[0].subject} ${mails[0].body}`).not.toMatch(/results|sleep|Taylor/i);
    await clientContext.close();
    await owner.close();
  });
});
