/**
 * The homework library (issue 14): exercises and worksheets a clinician assigns from each companion
 * app, as data. Each says what to do in a sentence or two (our own short texts) and, where the app
 * records it, the entry type that shows it was done (the client may link that entry when marking the
 * homework done). Pure; shared by the homework Lambda, the seed and the web.
 */
import type { CompanionApp, EntryType } from './apps.ts';

export type LibraryKind = 'EXERCISE' | 'WORKSHEET';

export interface LibraryItem {
  id: string;
  app: CompanionApp;
  kind: LibraryKind;
  title: string;
  instructions: string;
  /** The entry type that records it in the app (null: done outside the app). */
  entryType: EntryType | null;
}

export const HOMEWORK_LIBRARY: LibraryItem[] = [
  { id: 'dbt-diary-card', app: 'DBT_COACH', kind: 'WORKSHEET', title: 'Daily diary card', instructions: 'Fill in your diary card each evening: emotions, urges, target behaviours and the skills you used.', entryType: 'DIARY_CARD' },
  { id: 'dbt-stop-skill', app: 'DBT_COACH', kind: 'EXERCISE', title: 'Practise STOP', instructions: 'When an urge rises, Stop, Take a step back, Observe, and Proceed mindfully. Note what happened afterwards.', entryType: 'SKILL_PRACTICE' },
  { id: 'dbt-check-facts', app: 'DBT_COACH', kind: 'WORKSHEET', title: 'Check the facts', instructions: 'Pick one strong emotion this week. Write the event, your interpretation, and whether the emotion fits the facts.', entryType: 'SKILL_PRACTICE' },
  { id: 'daily-wise-mind', app: 'DBT_DAILY', kind: 'EXERCISE', title: 'Wise mind minute', instructions: 'Take one minute a day to breathe and notice both reasonable mind and emotion mind before a decision.', entryType: 'SKILL_PRACTICE' },
  { id: 'daily-please', app: 'DBT_DAILY', kind: 'EXERCISE', title: 'PLEASE check-in', instructions: 'Each day, check sleep, eating, movement and illness care, and record one small step you took.', entryType: 'MOOD_SLEEP' },
  { id: 'cbt-thought-record', app: 'CBT_COMPANION', kind: 'WORKSHEET', title: 'Thought record', instructions: 'When your mood drops, write the situation, the automatic thought, the emotion and a more balanced thought.', entryType: 'THOUGHT_RECORD' },
  { id: 'cbt-behavioural-activation', app: 'CBT_COMPANION', kind: 'EXERCISE', title: 'Plan one pleasant activity', instructions: 'Schedule one small activity you used to enjoy, do it, and rate your mood before and after.', entryType: 'MOOD_SLEEP' },
  { id: 'act-values-compass', app: 'ACT_COACH', kind: 'WORKSHEET', title: 'Values compass', instructions: 'Choose one area of life that matters to you and write one committed action you will take this week.', entryType: 'VALUES_ACTION' },
  { id: 'act-leaves-on-stream', app: 'ACT_COACH', kind: 'EXERCISE', title: 'Leaves on a stream', instructions: 'For five minutes, place each thought on a leaf and watch it float by, without pushing it away.', entryType: null },
  { id: 'mi-readiness-ruler', app: 'MI_COACH', kind: 'WORKSHEET', title: 'Readiness ruler', instructions: 'Rate how important and how confident you feel about the change, and write why you are not a lower number.', entryType: 'READINESS_RULER' },
  { id: 'mi-pros-cons', app: 'MI_COACH', kind: 'WORKSHEET', title: 'Pros and cons of change', instructions: 'List what staying the same and what changing would give you, and what each would cost.', entryType: null },
  { id: 'ifs-parts-checkin', app: 'IFS_COMPANION', kind: 'EXERCISE', title: 'Parts check-in', instructions: 'Notice which part is most present today, where you feel it, and what it wants for you.', entryType: 'PARTS_CHECKIN' },
  { id: 'ifs-unblending', app: 'IFS_COMPANION', kind: 'EXERCISE', title: 'Unblending pause', instructions: 'When a part takes over, ask it to step back a little and notice how you relate to it from Self.', entryType: 'PARTS_CHECKIN' },
];

export function libraryItem(id: unknown): LibraryItem | null {
  const found = HOMEWORK_LIBRARY.filter((item) => item.id === id);
  return found.length > 0 ? found[0] : null;
}
