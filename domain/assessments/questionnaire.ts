/**
 * The shape every instrument is written in (issue 13, ARCHITECTURE §9 "instruments as data"): close
 * to FHIR R4 Questionnaire (item.linkId / text / type / answerOption / enableWhen / required) with
 * the scoring, severity bands, alert rules and outcome thresholds beside it, so adding an instrument
 * adds data, not code. Scoring is scoring.ts; schedules schedule.ts; the instruments instruments*.ts.
 */

export interface AnswerOption {
  /** The stored answer (an integer; yes/no items use 1/0). */
  value: number;
  /** English display text (instrument wording). */
  display: string;
}

export interface QuestionnaireItem {
  /** Stable id of the item within the instrument (FHIR linkId). */
  linkId: string;
  text: string;
  type: 'choice' | 'boolean';
  answerOption: AnswerOption[];
  /** Counted in the total (items such as PHQ-9's difficulty question are asked but not scored). */
  scored: boolean;
  /** Asked only when another item has this answer (FHIR enableWhen, operator "="). */
  enableWhen?: { question: string; answer: number };
  /** An answer is needed for the form to be complete (when enabled). */
  required: boolean;
}

export interface SeverityBand {
  /** Stable code stored with responses and counters. */
  code: string;
  label: string;
  min: number;
  max: number;
}

/** An answer at or above `atLeast` on this item raises a risk alert, whatever the total. */
export interface AlertRule {
  linkId: string;
  atLeast: number;
  reason: string;
}

export type Scoring =
  /** Sum of the scored items; prorated (sum × n / answered, rounded) when at most `maxMissing` are missing. */
  | { method: 'sum'; min: number; max: number; maxMissing: number }
  /** The highest risk level any "yes" reaches (C-SSRS screener): score 0 none … 3 high. */
  | { method: 'highestRisk'; min: number; max: number; risk: { linkId: string; level: number }[] };

export interface Instrument {
  /** Our id (also the URL and counter key): PHQ9, GAD7, PCL5, PHQA, CSSRS. */
  id: string;
  title: string;
  shortTitle: string;
  /** Who it is for, one line. */
  purpose: string;
  /** Recall period shown above the items. */
  preamble: string;
  copyright: string;
  /** Whether a licence-clear translation ships; otherwise the form is English with a note. */
  languages: string[];
  item: QuestionnaireItem[];
  scoring: Scoring;
  bands: SeverityBand[];
  alerts: AlertRule[];
  /** A note shown with results (e.g. PCL-5's cut-point range). */
  interpretationNote?: string;
  /** Points of change that count as reliable (null: not defined for this instrument). */
  reliableChange: number | null;
  /** Remission: a score below this (null: not defined). */
  remissionBelow: number | null;
  /** Whether "response" (≥ 50 % reduction from baseline) applies (not to screeners). */
  tracksResponse: boolean;
}

/** The four-point frequency scale of the PHQ and GAD families. */
export const FREQUENCY_OPTIONS: AnswerOption[] = [
  { value: 0, display: 'Not at all' },
  { value: 1, display: 'Several days' },
  { value: 2, display: 'More than half the days' },
  { value: 3, display: 'Nearly every day' },
];

export const YES_NO: AnswerOption[] = [
  { value: 1, display: 'Yes' },
  { value: 0, display: 'No' },
];

/** A scored item on a shared scale. */
export function scaleItem(linkId: string, text: string, answerOption: AnswerOption[]): QuestionnaireItem {
  return { linkId, text, type: 'choice', answerOption, scored: true, required: true };
}
