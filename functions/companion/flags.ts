/**
 * The practice's per-app hide flags on the server (issue 14; domain/companion/app-flags.ts): the
 * owner and admins set them (setAppHideFlags, audited by the pipeline), an app reads what to hide for
 * its user (myAppSettings), a post carrying a hidden section is refused before anything is written,
 * and a practice's reads leave out the sections it hides. One GetItem of the practice's app-list
 * record a practice; UpdateItem to set.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.ts';
import { Refusal } from '../shared/refusal.ts';
import { isCompanionApp, type CompanionApp } from '../../domain/companion/apps.ts';
import { APP_FLAG_MESSAGES, combineFlags, flagsOfApp, flagsOfKey, hiddenSectionOf, readHideFlagsInput, type AppHideFlags } from '../../domain/companion/app-flags.ts';
import { appsUsedKey } from '../../domain/practice.ts';
import { clientShares, getItem, PRACTICE, type Item } from './store.ts';

export async function practiceFlags(practiceId: string, app: CompanionApp): Promise<AppHideFlags> {
  return flagsOfApp(await getItem(PRACTICE(), appsUsedKey(practiceId)), app);
}

/** The flags of every practice the client shares this app with, combined (hidden where any hides it). */
export async function flagsForClient(sub: string, app: CompanionApp, shares?: Item[]): Promise<AppHideFlags> {
  const mine = (shares ?? (await clientShares(sub))).filter((s) => s.app === app && s.state === 'sharing');
  const practices = Array.from(new Set(mine.map((s) => s.practiceId as string)));
  return combineFlags(await Promise.all(practices.map((p) => practiceFlags(p, app))));
}

/** myAppSettings(app): what the app hides for this user. */
export async function appSettings(sub: string, args: Item): Promise<Item> {
  if (!isCompanionApp(args.app)) throw new Refusal('Choose one of the companion apps.', 'ValidationError', [{ field: 'app', reason: 'format' }]);
  const f = await flagsForClient(sub, args.app);
  return { app: args.app, hideCommunities: f.hideCommunities, hideFood: f.food, hidePhysicalActivity: f.physicalActivity };
}

/** Refuses an entry that fills a section hidden for this client and app (nothing is written). */
export function refuseHidden(data: Record<string, unknown>, flags: AppHideFlags): void {
  const hidden = hiddenSectionOf(data, flags);
  if (hidden) throw new Refusal(APP_FLAG_MESSAGES[hidden], 'ValidationError', [{ field: hidden === 'food' ? 'food' : 'activityMinutes', reason: 'unknown' }]);
}

/** setAppHideFlags(input): one app's three flags on the practice's app-list record (made if missing). */
export async function setHideFlags(practiceId: string, by: string, input: unknown, now: Date): Promise<Item> {
  const read = readHideFlagsInput(input);
  if ('problems' in read) throw new Refusal(read.message, 'ValidationError', read.problems.map((p) => ({ field: p.field, reason: p.reason })));
  const key = appsUsedKey(practiceId);
  await dynamo().send(new UpdateCommand({
    TableName: PRACTICE(), Key: key,
    UpdateExpression: 'SET hideCommunities = if_not_exists(hideCommunities, :empty), hideHealthNutrition = if_not_exists(hideHealthNutrition, :empty)',
    ExpressionAttributeValues: { ':empty': {} },
  }));
  const out = await dynamo().send(new UpdateCommand({
    TableName: PRACTICE(), Key: key,
    UpdateExpression: 'SET hideCommunities.#k = :h, hideHealthNutrition.#k = :n, flagsUpdatedAt = :at, flagsUpdatedBy = :by',
    ExpressionAttributeNames: { '#k': read.key },
    ExpressionAttributeValues: { ':h': read.flags.hideCommunities, ':n': { food: read.flags.food, physical_activity: read.flags.physicalActivity }, ':at': now.toISOString(), ':by': by },
    ReturnValues: 'ALL_NEW',
  }));
  const f = flagsOfKey(out.Attributes as Item, read.key);
  return { app: read.key, hideCommunities: f.hideCommunities, food: f.food, physicalActivity: f.physicalActivity };
}
