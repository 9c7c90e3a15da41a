/** `npm run totp -- <email>`: the current authenticator code of a seeded demo account. */
import { DEMO_ACCOUNTS, demoTotp } from './demo-accounts.ts';
import { DEMO_CLIENT } from './seed-client-portal.ts';

const email = (process.argv[2] ?? '').trim().toLowerCase();
// The team's accounts and the demo client (issue 12), whose authenticator is seeded the same way.
const seeded = [...DEMO_ACCOUNTS.map((a) => a.email), DEMO_CLIENT.email];
if (!seeded.includes(email)) {
  console.error(`Usage: npm run totp -- <email>\nSeeded accounts:\n${seeded.map((e) => `  ${e}`).join('\n')}`);
  process.exit(1);
}
const totp = demoTotp(email);
const remaining = totp.period - (Math.floor(Date.now() / 1000) % totp.period);
console.log(`${totp.generate()}  (valid for ${remaining} more s)`);
