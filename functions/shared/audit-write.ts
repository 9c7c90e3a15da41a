/**
 * Audit entries written by a Lambda, in the one shape of resolvers/shared/audit-entry.ts (Audit
 * table, keyed by practice and time, indexed by actor, append-only, never a PHI value). Used where a
 * field touches several practices at once (the client principal's reads), so the pipeline's single
 * `audit` step cannot name them all.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { practicePartition } from '../../domain/tables.ts';
import { dynamo, table } from './aws.ts';

export interface AuditFact {
  practiceId: string;
  action: string;
  entityType: string;
  entityId?: string | null;
  entityIds?: string[] | null;
}

export async function writeAudit(actor: string, field: string, facts: AuditFact[], at = new Date().toISOString()): Promise<void> {
  for (let i = 0; i < facts.length; i += 25) {
    const requests = facts.slice(i, i + 25).map((f) => ({
      PutRequest: {
        Item: {
          PK: practicePartition(f.practiceId),
          SK: `${at}#${randomUUID()}`,
          GSI1PK: `A#${actor}`,
          GSI1SK: at,
          actor,
          at,
          action: f.action,
          entityType: f.entityType,
          entityId: f.entityId ?? null,
          entityIds: f.entityIds ?? null,
          field,
        },
      },
    }));
    let pending: typeof requests | undefined = requests;
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 5) throw new Error('audit write not processed');
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table('AUDIT_TABLE')]: pending } }));
      pending = out.UnprocessedItems?.[table('AUDIT_TABLE')] as typeof requests | undefined;
    }
  }
}
