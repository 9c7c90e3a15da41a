/**
 * Homework from the client portal (issue 14; docs/companion-api.md): my open homework and that done
 * lately, every practice; marking one done, optionally with one of my entries of its app linked.
 * The server keys everything to the signed-in client.
 */
import { callForOutcome, type Outcome } from '../outcome';

export interface ClientHomework {
  id: string;
  practiceId: string;
  practiceName: string;
  app: string | null;
  kind: 'EXERCISE' | 'WORKSHEET' | 'TASK';
  title: string;
  instructions: string | null;
  opensOn: string;
  dueDate: string;
  state: 'ASSIGNED' | 'DONE' | 'OVERDUE';
  doneAt: string | null;
  entryId: string | null;
  entryType: string | null;
}
export interface MyEntry {
  id: string;
  type: string;
  date: string;
}
export type { Outcome };

const FIELDS = 'id practiceId practiceName app kind title instructions opensOn dueDate state doneAt entryId entryType';

const run = callForOutcome;

export const myHomework = () => run(`query MyHomework { myHomework { ${FIELDS} } }`, {}, (d) => d.myHomework as ClientHomework[]);
export const completeHomework = (h: ClientHomework, entryId: string | null) =>
  run(`mutation CompleteHomework($p: ID!, $h: ID!, $e: ID) { completeHomework(practiceId: $p, homeworkId: $h, entryId: $e) { ${FIELDS} } }`, { p: h.practiceId, h: h.id, e: entryId }, (d) => d.completeHomework as ClientHomework);
/** My latest entries of an app and type since a day (to link one to the homework). */
export const myEntries = (app: string, type: string, from: string) =>
  run(`query MyHomeworkEntries($a: CompanionApp!, $t: CompanionEntryType, $f: AWSDate) { myCompanionEntries(app: $a, type: $t, from: $f) { items { id type date } } }`, { a: app, t: type, f: from }, (d) => (d.myCompanionEntries as { items: MyEntry[] }).items);
