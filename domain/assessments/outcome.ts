/**
 * A response's outcome against the client's baseline (their first scored response to the same
 * instrument): change, response (≥ 50 % reduction), remission (below the instrument's threshold)
 * and reliable change (at least the instrument's reliable-change points, either way). Lower scores
 * are better on every instrument here.
 */
import type { Instrument } from './questionnaire.ts';

export type Direction = 'improved' | 'unchanged' | 'worse';

export interface Outcome {
  change: number | null;
  response: boolean;
  remission: boolean;
  reliable: Direction | null;
}

export function outcomeOf(instrument: Instrument, baseline: number | null, score: number | null): Outcome {
  const remission = score !== null && instrument.remissionBelow !== null && score < instrument.remissionBelow;
  if (baseline === null || score === null) return { change: null, response: false, remission, reliable: null };
  const change = score - baseline;
  const response = instrument.tracksResponse && baseline > 0 && score <= baseline / 2;
  let reliable: Direction | null = null;
  if (instrument.reliableChange !== null) {
    reliable = change <= -instrument.reliableChange ? 'improved' : change >= instrument.reliableChange ? 'worse' : 'unchanged';
  }
  return { change, response, remission, reliable };
}
