/**
 * Pure scoring of a response against an instrument (questionnaire.ts): which items are asked
 * (enableWhen), whether the answers are valid, the total (prorated where the instrument allows,
 * otherwise "incomplete"), the severity band, and the risk alerts — raised by the alert rules'
 * items alone, whatever the total or completeness. Outcomes against a baseline: outcome.ts.
 */
import type { Instrument, QuestionnaireItem, SeverityBand } from './questionnaire.ts';

export type Answers = Record<string, number>;

export type ScoreStatus = 'complete' | 'prorated' | 'incomplete';

export interface ScoreResult {
  status: ScoreStatus;
  /** The total (prorated when status is prorated); null when incomplete. */
  score: number | null;
  band: SeverityBand | null;
  /** Scored or required items that are asked but unanswered. */
  missing: string[];
  /** Alert reasons raised (empty: no alert). */
  alerts: string[];
}

/** Whether an item is asked, given the answers so far (FHIR enableWhen with "="). */
export function isEnabled(item: QuestionnaireItem, answers: Answers): boolean {
  return !item.enableWhen || answers[item.enableWhen.question] === item.enableWhen.answer;
}

/**
 * Problems with a set of answers (empty when usable): unknown items, values that are not one of the
 * item's options, answers to items that are not asked. Partial answers are not a problem here.
 */
export function answerProblems(instrument: Instrument, answers: unknown): string[] {
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return ['answers'];
  const problems: string[] = [];
  const given = answers as Record<string, unknown>;
  for (const linkId of Object.keys(given)) {
    const item = instrument.item.find((i) => i.linkId === linkId);
    const value = given[linkId];
    if (!item) problems.push(linkId);
    else if (typeof value !== 'number' || !item.answerOption.some((o) => o.value === value)) problems.push(linkId);
    else if (!isEnabled(item, given as Answers)) problems.push(linkId);
  }
  return problems;
}

export function bandOf(instrument: Instrument, score: number | null): SeverityBand | null {
  if (score === null) return null;
  return instrument.bands.find((b) => score >= b.min && score <= b.max) ?? null;
}

/** The alert reasons the answers raise (each reason once), whatever the total. */
export function alertsOf(instrument: Instrument, answers: Answers): string[] {
  const reasons: string[] = [];
  for (const rule of instrument.alerts) {
    const value = answers[rule.linkId];
    if (typeof value === 'number' && value >= rule.atLeast && reasons.indexOf(rule.reason) < 0) reasons.push(rule.reason);
  }
  return reasons;
}

export function scoreResponse(instrument: Instrument, answers: Answers): ScoreResult {
  const asked = instrument.item.filter((item) => isEnabled(item, answers));
  const alerts = alertsOf(instrument, answers);
  const scoring = instrument.scoring;
  if (scoring.method === 'sum') {
    const scored = asked.filter((i) => i.scored);
    const answered = scored.filter((i) => typeof answers[i.linkId] === 'number');
    const missing = asked.filter((i) => (i.scored || i.required) && typeof answers[i.linkId] !== 'number').map((i) => i.linkId);
    const missingScored = scored.length - answered.length;
    const sum = answered.reduce((total, i) => total + answers[i.linkId], 0);
    if (answered.length === 0 || missingScored > scoring.maxMissing) return { status: 'incomplete', score: null, band: null, missing, alerts };
    const score = missingScored === 0 ? sum : Math.round((sum * scored.length) / answered.length);
    const status: ScoreStatus = missingScored === 0 ? 'complete' : 'prorated';
    return { status, score, band: bandOf(instrument, score), missing, alerts };
  }
  const missing = asked.filter((i) => i.required && typeof answers[i.linkId] !== 'number').map((i) => i.linkId);
  if (missing.length > 0) return { status: 'incomplete', score: null, band: null, missing, alerts };
  let level = 0;
  for (const rule of scoring.risk) if (answers[rule.linkId] === 1 && rule.level > level) level = rule.level;
  return { status: 'complete', score: level, band: bandOf(instrument, level), missing, alerts };
}
