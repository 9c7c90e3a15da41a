/**
 * A group's homework when its members change (issue 14). A client added to a group later gets the
 * group's homework still to come: each occurrence of the group's assignments not yet due (open now or
 * opening later), never one already past due (it would arrive overdue). A client who leaves keeps what
 * has opened (done or not: their record) and loses the occurrences not yet opened. Pure; the homework
 * Lambda reads the group's items (GSI2) and writes what this says (functions/homework/group-members.ts).
 */
import type { StoredState } from './homework.ts';

export interface GroupItem {
  id: string;
  clientId: string;
  assignmentId: string;
  opensOn: string;
  dueDate: string;
  state: StoredState;
  [field: string]: unknown;
}

/** The fields an occurrence copies from the group's item (not the client's or its state). */
const TEMPLATE = ['assignmentId', 'groupId', 'app', 'libraryId', 'kind', 'entryType', 'title', 'instructions', 'opensOn', 'dueDate', 'assignedBy'] as const;

/**
 * The occurrences a new member gets: one per assignment and due date still to come (dueDate ≥ today),
 * as the group's items describe them (any member's copy: they are the same but for the client).
 */
export function occurrencesForNewMember(items: GroupItem[], today: string): Record<string, unknown>[] {
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const item of items) {
    const key = item.assignmentId + '|' + item.dueDate;
    if (item.dueDate < today || seen.has(key)) continue;
    seen.add(key);
    const copy: Record<string, unknown> = {};
    TEMPLATE.forEach((f) => {
      copy[f] = item[f] ?? null;
    });
    out.push(copy);
  }
  return out.sort((a, b) => String(a.dueDate).localeCompare(String(b.dueDate)));
}

/** The items a leaving member loses: not yet opened (and so not done). */
export function itemsToStop(items: GroupItem[], removed: string[], today: string): GroupItem[] {
  return items.filter((i) => removed.indexOf(i.clientId) >= 0 && i.state === 'assigned' && i.opensOn > today);
}
