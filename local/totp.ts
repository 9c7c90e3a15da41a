/** `npm run totp -- <email>`: the current authenticator code of a seeded demo account. */
import { DEMO_ACCOUNTS, demoTotp } from './demo-accounts.ts';

const email = (process.argv[2] ?? '').trim().toLowerCase();
if (!DEMO_ACCOUNTS.some((a) => a.email === email)) {
  console.error(`Usage: npm run totp -- <email>\nSeeded accounts:\n${DEMO_ACCOUNTS.map((a) => `  ${a.email}`).join('\n')}`);
  process.exit(1);
}
const totp = demoTotp(email);
const remaining = totp.period - (Math.floor(Date.now() / 1000) % totp.period);
console.log(`${totp.generate()}  (valid for ${remaining} more s)`);
