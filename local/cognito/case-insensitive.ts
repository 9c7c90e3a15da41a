/**
 * Case-insensitive sign-in names (the pool's UsernameConfiguration CaseSensitive=false, and the
 * spec's "retry with the lowercased e-mail"). cognito-local compares usernames and e-mail aliases
 * exactly; this patches its UserPoolServiceImpl.getUserByUsername (one process-wide patch, applied
 * once) to fall back to a case-insensitive match on the username and the e-mail alias.
 */
import { cl } from './cognito-local.ts';

const PATCHED = Symbol.for('portal.cognito.caseInsensitive');

export function patchCaseInsensitiveUsernames(): void {
  const proto = cl.userPoolService.UserPoolServiceImpl.prototype;
  if (proto[PATCHED]) return;
  const original = proto.getUserByUsername;
  proto.getUserByUsername = async function (this: any, ctx: any, username: string) {
    const exact = await original.call(this, ctx, username);
    if (exact || typeof username !== 'string') return exact;
    const wanted = username.toLowerCase();
    const users: Record<string, any> = (await this.dataStore.get(ctx, 'Users', {})) ?? {};
    const emailAlias = this.options.UsernameAttributes?.includes('email');
    for (const user of Object.values(users)) {
      if (String(user.Username).toLowerCase() === wanted) return user;
      if (emailAlias && cl.userPoolService.attributeValue('email', user.Attributes)?.toLowerCase() === wanted) return user;
    }
    return null;
  };
  proto[PATCHED] = true;
}
