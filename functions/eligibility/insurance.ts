/** The API shape of a client's insurance (schema.graphql ClientInsurance) and its refusal text. */
import { refusalSentences } from '../../domain/human-text.ts';
import type { FieldProblem } from '../../domain/client.ts';
import type { Item, StoredInsurance } from './store.ts';

export function toClientInsurance(clientId: string, stored: StoredInsurance, checks: Item[]): Item {
  return { clientId, ...stored.data, version: stored.version, updatedAt: stored.updatedAt, recentChecks: checks };
}

export function problemSummaryOf(problems: FieldProblem[]): string {
  return 'Invalid client insurance input: ' + problems.map((p) => `${p.field} (${p.reason})`).join(', ') + refusalSentences(problems);
}
