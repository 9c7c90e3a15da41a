/**
 * Demo companion-app entries (issue 14), seeded once with the practice (local/seed.ts): months of
 * realistic daily DBT diary cards, skills and some CBT thought records for three demo clients, each
 * sharing with the demo practice — the demo client account (client@demo.practiceportal.test: DBT
 * Coach and CBT Companion, 4 months), Avery Lane (the owner's client: DBT Coach, 6 months, high urges
 * in the last days — "needs attention") and Morgan Ellis (the basic clinician's: DBT Daily and CBT
 * Companion, 3 months). Clients without an account get a stand-in sub (their entries as an app
 * would have sent them). Items as the companion Lambda writes them (domain/companion/sharing.ts).
 */
import { BatchWriteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CompanionApp } from '../domain/companion/apps.ts';
import { validateEntry } from '../domain/companion/entries.ts';
import { seedDemoHomework } from './seed-homework.ts';
import { clientShareKey, entryKey, entryTypeIndex, newEntryId, practiceShareIndex, practiceShareKey } from '../domain/companion/sharing.ts';

const DAY = 86400000;
const SKILLS = ['Wise mind', 'Observe', 'Describe', 'TIPP', 'Self-soothe', 'Opposite action', 'Check the facts', 'DEAR MAN', 'Radical acceptance', 'Pros and cons'];
const THOUGHTS = [
  { situation: 'Friend did not reply to my message', automaticThought: 'She is annoyed with me', emotion: 'Anxious', distortion: 'mindReading', balancedThought: 'She is often busy at work; one late reply is not a verdict.' },
  { situation: 'Made a mistake in a report', automaticThought: 'I always mess things up', emotion: 'Ashamed', distortion: 'overgeneralization', balancedThought: 'I made one mistake and fixed it; most of my reports are fine.' },
  { situation: 'Presentation on Monday', automaticThought: 'I will freeze and everyone will laugh', emotion: 'Afraid', distortion: 'fortuneTelling', balancedThought: 'I have prepared and practised; being nervous is not the same as failing.' },
  { situation: 'Argument with my brother', automaticThought: 'I should never get angry', emotion: 'Guilty', distortion: 'shouldStatements', balancedThought: 'Anger is a normal feeling; I can repair it by talking tomorrow.' },
];

/** A small deterministic generator, so every seed tells the same story. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface Plan {
  first: string;
  sub?: string;
  apps: CompanionApp[];
  days: number;
  /** 0 (improving over time) … 1 (struggling lately). */
  lately: number;
  seed: number;
}

export async function seedDemoCompanion(db: DynamoDBDocumentClient, practiceTable: string, directoryTable: string, practiceId: string, demoClient: { clientId: string; clientSub: string }, now = new Date()): Promise<void> {
  const out = await db.send(new QueryCommand({ TableName: practiceTable, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :client)', ExpressionAttributeValues: { ':pk': `P#${practiceId}`, ':client': 'Client#' } }));
  const clients = (out.Items ?? []) as { id: string; personalDetail?: { first?: string } }[];
  const plans: (Plan & { clientId: string })[] = [{ first: 'Taylor', clientId: demoClient.clientId, sub: demoClient.clientSub, apps: ['DBT_COACH', 'CBT_COMPANION'], days: 120, lately: 0, seed: 7 }];
  for (const p of [{ first: 'Avery', apps: ['DBT_COACH'] as CompanionApp[], days: 180, lately: 1, seed: 11 }, { first: 'Morgan', apps: ['DBT_DAILY', 'CBT_COMPANION'] as CompanionApp[], days: 90, lately: 0.5, seed: 23 }]) {
    const c = clients.find((x) => x.personalDetail?.first === p.first);
    if (c) plans.push({ ...p, clientId: c.id, sub: `demo-companion-${c.id}` });
  }
  const today = now.toISOString().slice(0, 10);
  for (const plan of plans) {
    const sub = plan.sub!;
    const rnd = random(plan.seed);
    const items: Record<string, unknown>[] = [];
    const last: Record<string, { entry: string; high: string | null; count: number }> = {};
    const add = (app: CompanionApp, type: string, date: string, data: Record<string, unknown>, at: number) => {
      const v = validateEntry({ app, type, date, data }, today);
      if (!v.entry) throw new Error(`seed-companion: invalid ${type}: ${JSON.stringify(v.problems)}`);
      const id = newEntryId(at, Math.floor(rnd() * 0xffffffff).toString(16).padStart(8, '0'));
      items.push({ ...entryKey(sub, app, date, id), ...entryTypeIndex(sub, app, type, date, id), entity: 'CompanionEntry', id, app, type, date, recordedAt: new Date(at).toISOString(), data: v.entry.data });
      const urges = (v.entry.data.urges ?? {}) as Record<string, number>;
      const high = Object.values(urges).some((u) => u >= 4);
      const l = (last[app] ??= { entry: date, high: null, count: 0 });
      l.count += 1;
      if (date > l.entry) l.entry = date;
      if (high && (!l.high || date > l.high)) l.high = date;
    };
    for (let d = plan.days - 1; d >= 0; d--) {
      const date = new Date(now.getTime() - d * DAY).toISOString().slice(0, 10);
      const at = now.getTime() - d * DAY - 3 * 3600000;
      // Progress: distress falls over the months; "lately" brings it back up in the last two weeks.
      const progress = 1 - d / plan.days;
      const spike = d < 14 ? plan.lately : 0;
      const level = Math.max(0, Math.min(5, 3.2 - 2 * progress + 2.5 * spike + (rnd() - 0.5) * 1.6));
      const r = (shift: number) => Math.max(0, Math.min(5, Math.round(level + shift + (rnd() - 0.5))));
      for (const app of plan.apps.filter((a) => a === 'DBT_COACH' || a === 'DBT_DAILY')) {
        if (rnd() < 0.12) continue; // a missed day now and then
        const skills = SKILLS.filter(() => rnd() < 0.25).slice(0, 4);
        add(app, 'DIARY_CARD', date, {
          emotions: { sadness: r(0), anger: r(-1), fear: r(-0.5), shame: r(-1), guilt: r(-1.5), joy: Math.max(0, Math.min(5, Math.round(5 - level + (rnd() - 0.5)))) },
          urges: { selfHarm: r(-1.2 + 1.5 * spike), suicide: r(-2.5 + spike), substanceUse: r(-1.5 + spike), quitTherapy: r(-2) },
          ...(skills.length ? { skillsUsed: skills } : {}),
          ...(rnd() < 0.2 ? { notes: level > 3 ? 'Rough evening; used my crisis plan and called a friend.' : 'Calmer day. Practised wise mind before work.' } : {}),
        }, at);
        if (rnd() < 0.3) add(app, 'SKILL_PRACTICE', date, { skill: SKILLS[Math.floor(rnd() * SKILLS.length)], module: 'emotionRegulation', effectiveness: Math.max(1, Math.min(5, Math.round(2 + 2.5 * progress + rnd()))), minutes: 5 + Math.floor(rnd() * 25) }, at + 60000);
      }
      if (plan.apps.includes('CBT_COMPANION') && rnd() < 0.28) {
        const t = THOUGHTS[Math.floor(rnd() * THOUGHTS.length)];
        const before = 60 + Math.floor(rnd() * 35);
        add('CBT_COMPANION', 'THOUGHT_RECORD', date, { ...t, intensityBefore: before, intensityAfter: Math.max(10, before - 20 - Math.floor(progress * 25 + rnd() * 15)) }, at + 120000);
      }
      if (plan.apps.includes('CBT_COMPANION') && rnd() < 0.5) add('CBT_COMPANION', 'MOOD_SLEEP', date, { mood: Math.max(0, Math.min(10, Math.round(8 - level * 1.3 + rnd()))), sleepHours: 5 + Math.round(rnd() * 12) / 4, sleepQuality: Math.max(0, Math.min(5, Math.round(4 - level / 2 + rnd()))) }, at + 180000);
    }
    for (let i = 0; i < items.length; i += 25) {
      await db.send(new BatchWriteCommand({ RequestItems: { [directoryTable]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const started = new Date(now.getTime() - plan.days * DAY).toISOString();
    for (const app of plan.apps) {
      const l = last[app] ?? { entry: null, high: null, count: 0 };
      await db.send(new PutCommand({ TableName: practiceTable, Item: {
        ...practiceShareKey(practiceId, app, plan.clientId), ...practiceShareIndex(practiceId, app, plan.clientId), entity: 'CompanionShare',
        practiceId, clientId: plan.clientId, app, state: 'sharing', clientSub: sub, invitedAt: started, invitedBy: practiceId, sharedAt: started,
        lastEntryDate: l.entry, lastEntryAt: now.toISOString(), entryCount: l.count, ...(l.high ? { lastHighUrgeDate: l.high } : {}),
      } }));
      await db.send(new PutCommand({ TableName: directoryTable, Item: { ...clientShareKey(sub, practiceId, app), entity: 'CompanionClientShare', practiceId, clientId: plan.clientId, app, state: 'sharing', sharedAt: started, stoppedAt: null } }));
    }
  }
  // Homework and groups (issue 14): a skills group and a support group, homework done, open and overdue.
  await seedDemoHomework(db, practiceTable, directoryTable, practiceId, now);
}
