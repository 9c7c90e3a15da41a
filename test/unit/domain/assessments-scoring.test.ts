import { describe, expect, it } from 'vitest';
import { CSSRS, GAD7, INSTRUMENTS, PCL5, PHQ9, PHQA, instrumentById } from '../../../domain/assessments/instruments.ts';
import { answerProblems, scoreResponse, type Answers } from '../../../domain/assessments/scoring.ts';
import { outcomeOf } from '../../../domain/assessments/outcome.ts';
import type { Instrument } from '../../../domain/assessments/questionnaire.ts';

/** Answers giving these values to the instrument's scored items 1..n in order. */
function answers(instrument: Instrument, values: number[]): Answers {
  const scored = instrument.item.filter((i) => i.scored);
  const out: Answers = {};
  values.forEach((v, i) => (out[scored[i].linkId] = v));
  return out;
}

/** Scored items summing to `total` with the alert item (if any) at 0, on a 0..top scale. */
function totalOf(instrument: Instrument, total: number, top: number, keepZero: string[] = []): Answers {
  const out: Answers = {};
  let left = total;
  for (const item of instrument.item.filter((i) => i.scored && i.type === 'choice')) {
    const v = keepZero.indexOf(item.linkId) >= 0 ? 0 : Math.min(top, left);
    out[item.linkId] = v;
    left -= v;
  }
  if (left !== 0) throw new Error('total out of reach');
  return out;
}

describe('instruments as data', () => {
  it('holds the five instruments, each with a licence note, bands covering its whole range without gaps', () => {
    expect(INSTRUMENTS.map((i) => i.id)).toEqual(['PHQ9', 'GAD7', 'PHQA', 'PCL5', 'CSSRS']);
    for (const instrument of INSTRUMENTS) {
      expect(instrument.copyright.length).toBeGreaterThan(20);
      const bands = instrument.bands;
      expect(bands[0].min).toBe(instrument.scoring.min);
      expect(bands[bands.length - 1].max).toBe(instrument.scoring.max);
      for (let i = 1; i < bands.length; i += 1) expect(bands[i].min).toBe(bands[i - 1].max + 1);
    }
    expect(instrumentById('PHQ9')).toBe(PHQ9);
    expect(instrumentById('constructor')).toBeNull();
  });
});

describe('PHQ-9 scoring (0–27; 0–4, 5–9, 10–14, 15–19, 20–27)', () => {
  it('scores the best and worst forms', () => {
    expect(scoreResponse(PHQ9, answers(PHQ9, [0, 0, 0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ status: 'complete', score: 0, band: { code: 'minimal' }, alerts: [] });
    expect(scoreResponse(PHQ9, answers(PHQ9, [3, 3, 3, 3, 3, 3, 3, 3, 3]))).toMatchObject({ status: 'complete', score: 27, band: { code: 'severe' }, alerts: ['item9'] });
  });

  it('puts every band edge in its band', () => {
    const edges: [number, string][] = [[4, 'minimal'], [5, 'mild'], [9, 'mild'], [10, 'moderate'], [14, 'moderate'], [15, 'moderatelySevere'], [19, 'moderatelySevere'], [20, 'severe']];
    for (const [total, band] of edges) {
      const result = scoreResponse(PHQ9, totalOf(PHQ9, total, 3, ['9']));
      expect([result.score, result.band?.code]).toEqual([total, band]);
    }
  });

  it('raises the item 9 alert at a total of 1, whatever the total', () => {
    const result = scoreResponse(PHQ9, answers(PHQ9, [0, 0, 0, 0, 0, 0, 0, 0, 1]));
    expect(result).toMatchObject({ score: 1, band: { code: 'minimal' }, alerts: ['item9'] });
    // Even an incomplete form raises it.
    expect(scoreResponse(PHQ9, { '9': 2 })).toMatchObject({ status: 'incomplete', score: null, alerts: ['item9'] });
  });

  it('prorates one or two missing items and calls three missing incomplete; the difficulty item is not scored', () => {
    const two = answers(PHQ9, [2, 2, 2, 2, 2, 2, 2]);
    expect(scoreResponse(PHQ9, two)).toMatchObject({ status: 'prorated', score: 18, missing: ['8', '9'] });
    const one = answers(PHQ9, [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(scoreResponse(PHQ9, one)).toMatchObject({ status: 'prorated', score: 9 });
    expect(scoreResponse(PHQ9, answers(PHQ9, [3, 3, 3, 3, 3, 3]))).toMatchObject({ status: 'incomplete', score: null, band: null });
    expect(scoreResponse(PHQ9, { ...answers(PHQ9, [1, 1, 1, 1, 1, 1, 1, 1, 1]), '10': 3 }).score).toBe(9);
  });

  it('refuses unknown items, values off the scale and non-numbers', () => {
    expect(answerProblems(PHQ9, { '1': 4 })).toEqual(['1']);
    expect(answerProblems(PHQ9, { '11': 1, '2': '1' })).toEqual(['2', '11']);
    expect(answerProblems(PHQ9, [1, 2])).toEqual(['answers']);
    expect(answerProblems(PHQ9, { '1': 3, '10': 0 })).toEqual([]);
  });
});

describe('GAD-7 scoring (0–21; 0–4, 5–9, 10–14, 15–21)', () => {
  it('scores best, worst and every band edge', () => {
    expect(scoreResponse(GAD7, answers(GAD7, [0, 0, 0, 0, 0, 0, 0]))).toMatchObject({ score: 0, band: { code: 'minimal' }, alerts: [] });
    expect(scoreResponse(GAD7, answers(GAD7, [3, 3, 3, 3, 3, 3, 3]))).toMatchObject({ score: 21, band: { code: 'severe' }, alerts: [] });
    const edges: [number, string][] = [[4, 'minimal'], [5, 'mild'], [9, 'mild'], [10, 'moderate'], [14, 'moderate'], [15, 'severe']];
    for (const [total, band] of edges) expect(scoreResponse(GAD7, totalOf(GAD7, total, 3)).band?.code).toBe(band);
  });

  it('prorates one missing item, not two', () => {
    expect(scoreResponse(GAD7, answers(GAD7, [2, 2, 2, 2, 2, 1]))).toMatchObject({ status: 'prorated', score: 13 });
    expect(scoreResponse(GAD7, answers(GAD7, [2, 2, 2, 2, 2]))).toMatchObject({ status: 'incomplete', score: null });
  });
});

describe('PHQ-A scoring', () => {
  it('scores like the PHQ-9 and alerts on item 9 or either suicide question', () => {
    expect(scoreResponse(PHQA, answers(PHQA, [3, 3, 3, 3, 3, 3, 3, 3, 0]))).toMatchObject({ score: 24, band: { code: 'severe' }, alerts: [] });
    expect(scoreResponse(PHQA, { ...answers(PHQA, [0, 0, 0, 0, 0, 0, 0, 0, 0]), pastMonthThoughts: 1 }).alerts).toEqual(['pastMonthThoughts']);
    expect(scoreResponse(PHQA, { ...answers(PHQA, [0, 0, 0, 0, 0, 0, 0, 0, 1]), everAttempt: 1 }).alerts).toEqual(['item9', 'everAttempt']);
  });
});

describe('PCL-5 scoring (0–80, cut-point 31–33)', () => {
  it('scores best, worst and the cut-point range', () => {
    expect(scoreResponse(PCL5, totalOf(PCL5, 0, 4))).toMatchObject({ score: 0, band: { code: 'belowThreshold' } });
    expect(scoreResponse(PCL5, totalOf(PCL5, 80, 4))).toMatchObject({ score: 80, band: { code: 'probablePtsd' } });
    expect(scoreResponse(PCL5, totalOf(PCL5, 30, 4)).band?.code).toBe('belowThreshold');
    expect(scoreResponse(PCL5, totalOf(PCL5, 31, 4)).band?.code).toBe('nearThreshold');
    expect(scoreResponse(PCL5, totalOf(PCL5, 33, 4)).band?.code).toBe('probablePtsd');
    expect(PCL5.interpretationNote).toContain('31–33');
  });

  it('prorates up to two missing items of twenty', () => {
    const all = totalOf(PCL5, 36, 2);
    delete all['20'];
    delete all['19'];
    expect(scoreResponse(PCL5, all)).toMatchObject({ status: 'prorated', score: 40 });
    delete all['18'];
    expect(scoreResponse(PCL5, all).status).toBe('incomplete');
  });
});

describe('C-SSRS screener', () => {
  it('is negative with every answer no, and skips 3–5 when 2 is no', () => {
    expect(scoreResponse(CSSRS, { '1': 0, '2': 0, '6': 0 })).toMatchObject({ status: 'complete', score: 0, band: { code: 'negative' }, alerts: [] });
    expect(answerProblems(CSSRS, { '1': 0, '2': 0, '3': 1 })).toEqual(['3']);
  });

  it('is a positive screen on any yes, with the Columbia risk level', () => {
    expect(scoreResponse(CSSRS, { '1': 1, '2': 0, '6': 0 })).toMatchObject({ score: 1, band: { code: 'lowRisk' }, alerts: ['cssrsPositive'] });
    expect(scoreResponse(CSSRS, { '1': 0, '2': 1, '3': 1, '4': 0, '5': 0, '6': 0 })).toMatchObject({ score: 2, band: { code: 'moderateRisk' } });
    expect(scoreResponse(CSSRS, { '1': 1, '2': 1, '3': 1, '4': 1, '5': 0, '6': 0 })).toMatchObject({ score: 3, band: { code: 'highRisk' } });
    expect(scoreResponse(CSSRS, { '1': 0, '2': 0, '6': 1, '6b': 0 })).toMatchObject({ score: 2, alerts: ['cssrsPositive'] });
    expect(scoreResponse(CSSRS, { '1': 0, '2': 0, '6': 1, '6b': 1 })).toMatchObject({ score: 3, band: { code: 'highRisk' } });
  });

  it('is incomplete (never prorated) when an asked item is unanswered, and still alerts', () => {
    expect(scoreResponse(CSSRS, { '1': 0, '2': 1, '6': 0 })).toMatchObject({ status: 'incomplete', score: null, missing: ['3', '4', '5'], alerts: ['cssrsPositive'] });
  });
});

describe('outcome against the baseline', () => {
  it('reports change, response (≥ 50 %), remission (< 5) and reliable change (PHQ-9 6 points, GAD-7 4)', () => {
    expect(outcomeOf(PHQ9, 18, 9)).toEqual({ change: -9, response: true, remission: false, reliable: 'improved' });
    expect(outcomeOf(PHQ9, 18, 10)).toEqual({ change: -8, response: false, remission: false, reliable: 'improved' });
    expect(outcomeOf(PHQ9, 12, 4)).toMatchObject({ response: true, remission: true });
    expect(outcomeOf(PHQ9, 12, 7)).toMatchObject({ reliable: 'unchanged' });
    expect(outcomeOf(PHQ9, 8, 14)).toMatchObject({ change: 6, response: false, reliable: 'worse' });
    expect(outcomeOf(GAD7, 10, 6)).toMatchObject({ reliable: 'improved' });
    expect(outcomeOf(GAD7, 10, 7)).toMatchObject({ reliable: 'unchanged' });
    expect(outcomeOf(PHQ9, null, 3)).toEqual({ change: null, response: false, remission: true, reliable: null });
    expect(outcomeOf(CSSRS, 2, 0)).toMatchObject({ response: false, remission: false, reliable: null });
  });
});
