/**
 * An app entry's one line on a client's App entries tab: the API's field names as a clinician reads
 * them — the catalog's words where it names them, else spelt out (quitTherapy → "Quit therapy"); a
 * module's id named too; free text as written.
 */
import { describe, expect, it } from 'vitest';
import { entrySummary, fieldName } from '../../../web/src/companion/entry-summary';

const CATALOG: Record<string, string> = { 'companion.urges': 'Urges', 'companion.emotions': 'Emotions', 'companion.name.selfHarm': 'Self-harm', 'companion.name.module': 'Module' };
const t = (key: string) => CATALOG[key] ?? key;

describe('an entry as a clinician reads it', () => {
  it("names the diary card's ratings", () => {
    expect(entrySummary('DIARY_CARD', JSON.stringify({ urges: { selfHarm: 5, quitTherapy: 0 }, emotions: { joy: 3 } }), t)).toBe('Urges: Self-harm 5, Quit therapy 0 · Emotions: Joy 3');
  });

  it("names a skill practice's fields and module, keeps the skill and the notes as written", () => {
    expect(entrySummary('SKILL_PRACTICE', { effectiveness: 5, skill: 'Opposite action', module: 'emotionRegulation', notes: 'Went for a walk.' }, t)).toBe('Effectiveness: 5 · Skill: Opposite action · Module: Emotion regulation · Went for a walk.');
  });

  it('spells out a name the catalog does not know', () => {
    expect(fieldName('substanceUse', t)).toBe('Substance use');
    expect(fieldName('selfHarm', t)).toBe('Self-harm');
  });
});
