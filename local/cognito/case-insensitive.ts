/**
 * Case-insensitive sign-in names (the pool's UsernameConfiguration CaseSensitive=false, and the
 * spec's "retry with the lowercased e-mail"). cognito-local compares usernames and e-mail aliases
 * exactly; this patches its UserPoolServiceImpl.getUserByUsername (one process-wide patch, applied
 * once) to fall back to a case-insensitive match on the username and the e-mail alias.
 */
import { cl, type Ctx, type User } from './cognito-local.ts';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { UserPool as PoolOptions } from 'cognito-local/lib/services/userPoolService';

const PATCHED = Symbol.for('portal.cognito.caseInsensitive');

/** UserPoolServiceImpl as this patch sees it: its (private) store and options, and our mark. */
type Impl = InstanceType<typeof cl.userPoolService.UserPoolServiceImpl>;
type Internals = { dataStore: DataStore; options: PoolOptions };
type Patchable = Impl & { [PATCHED]?: boolean };

export function patchCaseInsensitiveUsernames(): void {
  const proto: Patchable = cl.userPoolService.UserPoolServiceImpl.prototype;
  if (proto[PATCHED]) return;
  const original = proto.getUserByUsername;
  proto.getUserByUsername = async function (this: Impl, ctx: Ctx, username: string) {
    const exact = await original.call(this, ctx, username);
    if (exact || typeof username !== 'string') return exact;
    const wanted = username.toLowerCase();
    const self = this as unknown as Internals;
    const users: Record<string, User> = (await self.dataStore.get<Record<string, User>>(ctx, 'Users', {})) ?? {};
    const emailAlias = self.options.UsernameAttributes?.includes('email');
    for (const user of Object.values(users)) {
      if (String(user.Username).toLowerCase() === wanted) return user;
      if (emailAlias && cl.userPoolService.attributeValue('email', user.Attributes)?.toLowerCase() === wanted) return user;
    }
    return null;
  };
  proto[PATCHED] = true;
}
