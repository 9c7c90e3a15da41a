/**
 * Field problems of appointment input and settings: their shape (they name fields and rules, never
 * values: no PHI), the ValidationError message made of them, and whether an input field was given.
 */

export interface AppointmentProblem {
  field: string;
  reason: 'required' | 'format' | 'length' | 'unknown' | 'conflict' | 'characters' | 'markup' | 'range';
  /** The sentence a person sees, when the rule has one (MESSAGES). */
  message?: string;
}

/** Whether an input field was given (null and absent are the same). */
export function present(value: unknown): boolean {
  return value !== null && value !== undefined;
}

/** The ValidationError message: the first problem's sentence if it has one, else the fields and rules. */
export function appointmentProblemMessage(problems: AppointmentProblem[]): string {
  const spoken = problems.filter((p) => typeof p.message === 'string');
  if (spoken.length > 0) {
    return spoken[0].message as string;
  }
  return 'Invalid appointment input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ');
}
