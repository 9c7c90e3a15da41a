import { describe, expect, it } from 'vitest';
import { entryProblemMessage, highestUrge, validateEntry } from '../../../domain/companion/entries.ts';
import { computeStats, streaks } from '../../../domain/companion/stats.ts';
import { canPracticeRead, codeFromBytes, formatCode, nextShareState, normalizeCode } from '../../../domain/companion/sharing.ts';

const TODAY = '2026-11-26';

describe('companion entries: validation per app and type', () => {
  it('accepts a full DBT diary card and keeps only what was said', () => {
    const v = validateEntry({ app: 'DBT_COACH', type: 'DIARY_CARD', date: '2026-11-25', data: { emotions: { sadness: 3, joy: 1 }, urges: { selfHarm: 4 }, targets: ['Skipped class'], skillsUsed: ['Wise mind', 'TIPP', 'Wise mind'], notes: '  Hard day.\nBetter evening.  ' } }, TODAY);
    expect(v.problems).toEqual([]);
    expect(v.entry).toEqual({ app: 'DBT_COACH', type: 'DIARY_CARD', date: '2026-11-25', data: { emotions: { sadness: 3, joy: 1 }, urges: { selfHarm: 4 }, targets: ['Skipped class'], skillsUsed: ['Wise mind', 'TIPP'], notes: 'Hard day.\nBetter evening.' } });
    expect(highestUrge('DIARY_CARD', v.entry!.data)).toBe(4);
  });

  it('refuses out-of-range and non-whole ratings, naming the fields', () => {
    const v = validateEntry({ app: 'DBT_COACH', type: 'DIARY_CARD', date: TODAY, data: { emotions: { sadness: 6, anger: -1 }, urges: { suicide: 2.5 } } }, TODAY);
    expect(v.entry).toBeNull();
    expect(v.problems).toEqual([
      { field: 'emotions.sadness', reason: 'format' },
      { field: 'emotions.anger', reason: 'format' },
      { field: 'urges.suicide', reason: 'format' },
    ]);
    expect(entryProblemMessage(v.problems)).toContain('Ratings are whole numbers');
  });

  it('refuses an empty diary card, unknown keys and unknown emotions', () => {
    expect(validateEntry({ app: 'DBT_DAILY', type: 'DIARY_CARD', date: TODAY, data: {} }, TODAY).problems).toEqual([{ field: 'emotions', reason: 'required' }]);
    expect(validateEntry({ app: 'DBT_DAILY', type: 'DIARY_CARD', date: TODAY, data: { emotions: { bliss: 2 }, mood: 3 } }, TODAY).problems).toEqual(
      expect.arrayContaining([{ field: 'emotions.bliss', reason: 'unknown' }, { field: 'mood', reason: 'unknown' }]),
    );
  });

  it('refuses oversize notes with the length sentence and stores nothing', () => {
    const v = validateEntry({ app: 'DBT_COACH', type: 'DIARY_CARD', date: TODAY, data: { emotions: { joy: 2 }, notes: 'x'.repeat(2001) } }, TODAY);
    expect(v.entry).toBeNull();
    expect(v.problems).toEqual([{ field: 'notes', reason: 'length' }]);
    expect(entryProblemMessage(v.problems)).toContain('at most 2,000 characters');
  });

  it('requires the thought record fields and bounds intensity to 0–100', () => {
    const ok = validateEntry({ app: 'CBT_COMPANION', type: 'THOUGHT_RECORD', date: TODAY, data: { situation: 'Meeting', automaticThought: 'They think I am useless', emotion: 'Anxious', intensityBefore: 80, intensityAfter: 40, distortion: 'mindReading', balancedThought: 'One comment is not a verdict.' } }, TODAY);
    expect(ok.problems).toEqual([]);
    const bad = validateEntry({ app: 'CBT_COMPANION', type: 'THOUGHT_RECORD', date: TODAY, data: { situation: 'Meeting', intensityBefore: 101, distortion: 'gloom' } }, TODAY);
    expect(bad.problems).toEqual(expect.arrayContaining([
      { field: 'automaticThought', reason: 'required' },
      { field: 'emotion', reason: 'required' },
      { field: 'intensityBefore', reason: 'format' },
      { field: 'distortion', reason: 'format' },
    ]));
  });

  it('validates ACT, MI, IFS, skill practice and mood/sleep entries', () => {
    expect(validateEntry({ app: 'ACT_COACH', type: 'VALUES_ACTION', date: TODAY, data: { value: 'Connection', committedAction: 'Call my sister', done: true, willingness: 7 } }, TODAY).problems).toEqual([]);
    expect(validateEntry({ app: 'MI_COACH', type: 'READINESS_RULER', date: TODAY, data: { behaviour: 'Drinking', importance: 8, confidence: 11, readiness: 5 } }, TODAY).problems).toEqual([{ field: 'confidence', reason: 'format' }]);
    expect(validateEntry({ app: 'IFS_COMPANION', type: 'PARTS_CHECKIN', date: TODAY, data: { part: 'The critic', intensity: 6, selfEnergy: 4 } }, TODAY).problems).toEqual([]);
    expect(validateEntry({ app: 'DBT_DAILY', type: 'SKILL_PRACTICE', date: TODAY, data: { skill: 'Opposite action', module: 'emotionRegulation', effectiveness: 4, minutes: 15 } }, TODAY).problems).toEqual([]);
    expect(validateEntry({ app: 'CBT_COMPANION', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 6, sleepHours: 7.25 } }, TODAY).problems).toEqual([]);
    expect(validateEntry({ app: 'CBT_COMPANION', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 6, sleepHours: 7.3 } }, TODAY).problems).toEqual([{ field: 'sleepHours', reason: 'format' }]);
  });

  it('refuses a type the app does not send, unknown apps, and days in the future or too long ago', () => {
    const wrong = validateEntry({ app: 'CBT_COMPANION', type: 'DIARY_CARD', date: TODAY, data: { emotions: { joy: 1 } } }, TODAY);
    expect(wrong.problems).toEqual([{ field: 'type', reason: 'unknown' }]);
    expect(entryProblemMessage(wrong.problems)).toContain('This app does not send this type of entry.');
    expect(validateEntry({ app: 'EMDR', type: 'MOOD_SLEEP', date: TODAY, data: { mood: 1 } }, TODAY).problems).toEqual([{ field: 'app', reason: 'format' }]);
    expect(validateEntry({ app: 'MI_COACH', type: 'MOOD_SLEEP', date: '2026-11-28', data: { mood: 1 } }, TODAY).problems).toEqual([{ field: 'date', reason: 'range' }]);
    expect(validateEntry({ app: 'MI_COACH', type: 'MOOD_SLEEP', date: '2026-02-30', data: { mood: 1 } }, TODAY).problems).toEqual([{ field: 'date', reason: 'format' }]);
    expect(validateEntry({ app: 'MI_COACH', type: 'MOOD_SLEEP', date: '2024-01-01', data: { mood: 1 } }, TODAY).problems).toEqual([{ field: 'date', reason: 'range' }]);
  });

  it('refuses control characters in text through the one reader', () => {
    expect(validateEntry({ app: 'ACT_COACH', type: 'VALUES_ACTION', date: TODAY, data: { value: 'Health\u202E', committedAction: 'Walk' } }, TODAY).problems).toEqual([{ field: 'value', reason: 'characters' }]);
  });
});

describe('companion sharing consent: the state machine', () => {
  it('invited → sharing → stopped → sharing again', () => {
    expect(nextShareState(null, 'invite')).toEqual({ state: 'invited' });
    expect(nextShareState('invited', 'accept')).toEqual({ state: 'sharing' });
    expect(nextShareState('sharing', 'stop')).toEqual({ state: 'stopped' });
    expect(nextShareState('stopped', 'share')).toEqual({ state: 'sharing' });
    expect(nextShareState('stopped', 'invite')).toEqual({ state: 'invited' });
    expect(nextShareState('stopped', 'accept')).toEqual({ state: 'sharing' });
  });

  it('refuses what the states do not allow', () => {
    expect(nextShareState('sharing', 'invite')).toEqual({ refusal: 'alreadySharing' });
    expect(nextShareState(null, 'accept')).toEqual({ refusal: 'notInvited' });
    expect(nextShareState(null, 'stop')).toEqual({ refusal: 'notShared' });
    expect(nextShareState(null, 'share')).toEqual({ refusal: 'notShared' });
    expect(nextShareState('invited', 'share')).toEqual({ refusal: 'notShared' });
  });

  it('a practice reads only while sharing', () => {
    expect(canPracticeRead('sharing')).toBe(true);
    expect(canPracticeRead('invited')).toBe(false);
    expect(canPracticeRead('stopped')).toBe(false);
    expect(canPracticeRead(null)).toBe(false);
  });

  it('invitation codes: 10 unambiguous characters, typed loosely', () => {
    const code = codeFromBytes(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 255]));
    expect(code).toBe('ABCDEFGHJ9');
    expect(formatCode(code)).toBe('ABCDE-FGHJ9');
    expect(normalizeCode(' abcde-fghj9 ')).toBe('ABCDEFGHJ9');
    expect(normalizeCode('ABCDE-FGHJ0')).toBeNull();
    expect(normalizeCode('ABCD')).toBeNull();
    expect(normalizeCode(42)).toBeNull();
  });
});

describe('companion stats for the app pages', () => {
  const e = (date: string, type: string, data: Record<string, unknown>, n = 0) => ({ id: `${date}-${n}`, app: 'DBT_COACH', type, date, recordedAt: `${date}T10:0${n}:00.000Z`, data });

  it('one point per day (the last card), skills frequency, intensity change, high urges', () => {
    const stats = computeStats([
      e('2026-11-24', 'DIARY_CARD', { emotions: { sadness: 4 }, urges: { selfHarm: 2 }, skillsUsed: ['TIPP'] }),
      e('2026-11-25', 'DIARY_CARD', { emotions: { sadness: 3 }, urges: { selfHarm: 1 } }, 0),
      e('2026-11-25', 'DIARY_CARD', { emotions: { sadness: 2 }, urges: { selfHarm: 5 }, skillsUsed: ['TIPP', 'Wise mind'] }, 1),
      e('2026-11-26', 'SKILL_PRACTICE', { skill: 'Wise mind', effectiveness: 4 }),
      e('2026-11-26', 'THOUGHT_RECORD', { situation: 's', automaticThought: 't', emotion: 'Anxious', intensityBefore: 80, intensityAfter: 30 }),
    ], '2026-11-26');
    expect(stats.days.map((d) => [d.date, d.emotions, d.urges])).toEqual([
      ['2026-11-24', [{ name: 'sadness', value: 4 }], [{ name: 'selfHarm', value: 2 }]],
      ['2026-11-25', [{ name: 'sadness', value: 2 }], [{ name: 'selfHarm', value: 5 }]],
    ]);
    expect(stats.skills).toEqual([{ name: 'TIPP', count: 2 }, { name: 'Wise mind', count: 2 }]);
    expect(stats.thoughtChanges).toEqual([{ date: '2026-11-26', emotion: 'Anxious', before: 80, after: 30 }]);
    expect(stats.highUrgeDates).toEqual(['2026-11-25']);
    expect([stats.entryCount, stats.currentStreak, stats.longestStreak]).toEqual([5, 3, 3]);
  });

  it('streaks: the current one may end yesterday; gaps break them', () => {
    expect(streaks(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-24', '2026-11-25'], '2026-11-26')).toEqual({ current: 2, longest: 3 });
    expect(streaks(['2026-11-20'], '2026-11-26')).toEqual({ current: 0, longest: 1 });
    expect(streaks([], '2026-11-26')).toEqual({ current: 0, longest: 0 });
  });
});
