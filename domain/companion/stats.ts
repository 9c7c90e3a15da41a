/**
 * Stats of a client's entries for an app page (issue 14): the diary card's emotion and urge lines
 * (one point per day: the day's last card), skills-use frequency, thought-record intensity change,
 * streaks (consecutive days with any entry) and the days with a high urge ("needs attention").
 * Pure: the companion Lambda computes it from one Query's entries; unit-tested.
 */
import { DIARY_EMOTIONS, DIARY_URGES, HIGH_URGE, highestUrge } from './entries.ts';

export interface StoredEntry {
  id: string;
  app: string;
  type: string;
  date: string;
  recordedAt: string;
  data: Record<string, unknown>;
}

export interface CompanionStats {
  entryCount: number;
  currentStreak: number;
  longestStreak: number;
  days: { date: string; emotions: { name: string; value: number }[]; urges: { name: string; value: number }[]; mood: number | null }[];
  skills: { name: string; count: number }[];
  thoughtChanges: { date: string; emotion: string | null; before: number; after: number | null }[];
  highUrgeDates: string[];
}

const DAY_MS = 86400000;
const dayNumber = (day: string) => Math.round(Date.parse(day + 'T00:00:00Z') / DAY_MS);

function ratingsOf(value: unknown, names: readonly string[]): { name: string; value: number }[] {
  const r = (value ?? {}) as Record<string, unknown>;
  return names.filter((n) => typeof r[n] === 'number').map((n) => ({ name: n, value: r[n] as number }));
}

/** Streaks over the distinct days with entries; the current streak counts back from `today` (or yesterday). */
export function streaks(days: string[], today: string): { current: number; longest: number } {
  const nums = Array.from(new Set(days.map(dayNumber))).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  nums.forEach((n, i) => {
    run = i > 0 && nums[i - 1] === n - 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  const set = new Set(nums);
  let cursor = dayNumber(today);
  if (!set.has(cursor)) cursor -= 1;
  let current = 0;
  for (; set.has(cursor); cursor--) current++;
  return { current, longest };
}

export function computeStats(entries: StoredEntry[], today: string): CompanionStats {
  const sorted = [...entries].sort((a, b) => (a.date + a.recordedAt < b.date + b.recordedAt ? -1 : 1));
  const byDay = new Map<string, CompanionStats['days'][number]>();
  const skills = new Map<string, number>();
  const thoughtChanges: CompanionStats['thoughtChanges'] = [];
  const high = new Set<string>();
  sorted.forEach((e) => {
    const d = e.data;
    if (e.type === 'DIARY_CARD') {
      const prior = byDay.get(e.date);
      byDay.set(e.date, { date: e.date, emotions: ratingsOf(d.emotions, DIARY_EMOTIONS), urges: ratingsOf(d.urges, DIARY_URGES), mood: prior ? prior.mood : null });
      ((d.skillsUsed ?? []) as string[]).forEach((s) => skills.set(s, (skills.get(s) ?? 0) + 1));
      const urge = highestUrge(e.type, d);
      if (urge !== null && urge >= HIGH_URGE) high.add(e.date);
    } else if (e.type === 'SKILL_PRACTICE' && typeof d.skill === 'string') {
      skills.set(d.skill, (skills.get(d.skill) ?? 0) + 1);
    } else if (e.type === 'THOUGHT_RECORD' && typeof d.intensityBefore === 'number') {
      thoughtChanges.push({ date: e.date, emotion: typeof d.emotion === 'string' ? d.emotion : null, before: d.intensityBefore, after: typeof d.intensityAfter === 'number' ? d.intensityAfter : null });
    } else if (e.type === 'MOOD_SLEEP' && typeof d.mood === 'number') {
      const prior = byDay.get(e.date) ?? { date: e.date, emotions: [], urges: [], mood: null };
      byDay.set(e.date, { ...prior, mood: d.mood });
    }
  });
  const s = streaks(sorted.map((e) => e.date), today);
  return {
    entryCount: entries.length,
    currentStreak: s.current,
    longestStreak: s.longest,
    days: Array.from(byDay.values()).sort((a, b) => (a.date < b.date ? -1 : 1)),
    skills: Array.from(skills.entries()).map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)),
    thoughtChanges,
    highUrgeDates: Array.from(high).sort(),
  };
}
