/**
 * DynamoDB table definitions: the single source used by the Data stack (lib/) and by the
 * local runtime (local/dynamodb.ts) to create the same tables in DynamoDB Local.
 *
 * Keys are generic (PK/SK plus GSIs) so one table holds every entity of a tenant:
 *   Practice:  PK = P#<practiceId>, SK = <Entity>#<id>
 *   Directory: cross-tenant records: USER#<sub>/MEMBERSHIP, NPI#<npi>/NPI, EMAIL#<email>/EMAIL, catalogs
 *   Audit:     PK = P#<practiceId>, SK = <isoTime>#<id>, append-only
 */
export interface KeyAttribute {
  name: string;
  type: 'S' | 'N';
}

export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
}

export interface TableDefinition {
  /** Logical id: the CDK construct id and the data-source name suffix. */
  id: 'Practice' | 'Directory' | 'Audit';
  partitionKey: KeyAttribute;
  sortKey: KeyAttribute;
  globalSecondaryIndexes: IndexDefinition[];
  timeToLiveAttribute?: string;
}

const S = (name: string): KeyAttribute => ({ name, type: 'S' });

export const TABLES: TableDefinition[] = [
  {
    id: 'Practice',
    partitionKey: S('PK'),
    sortKey: S('SK'),
    globalSecondaryIndexes: [
      // client-scoped listings: GSI1PK = P#<practiceId>#C#<clientId>
      { indexName: 'GSI1', partitionKey: S('GSI1PK'), sortKey: S('GSI1SK') },
      // clinician-scoped listings: GSI2PK = P#<practiceId>#U#<clinicianId>
      { indexName: 'GSI2', partitionKey: S('GSI2PK'), sortKey: S('GSI2SK') },
      // Sparse, across practices: appointments due a reminder, by the UTC day of their start
      // (functions/appointment-reminders reads a few days of it per run; no Scan).
      { indexName: 'GSI3', partitionKey: S('GSI3PK'), sortKey: S('GSI3SK') },
      // one client record's appointments by start: GSI4PK = P#<practiceId>#C#<clientId>#APPTS,
      // GSI4SK = <start>#<id> (the client portal's clientAppointments: one Query per linked record)
      { indexName: 'GSI4', partitionKey: S('GSI4PK'), sortKey: S('GSI4SK') },
    ],
    timeToLiveAttribute: 'expiresAt',
  },
  {
    id: 'Directory',
    partitionKey: S('PK'),
    sortKey: S('SK'),
    globalSecondaryIndexes: [
      // members of a practice: GSI1PK = P#<practiceId>, GSI1SK = USER#<sub>
      { indexName: 'GSI1', partitionKey: S('GSI1PK'), sortKey: S('GSI1SK') },
    ],
    timeToLiveAttribute: 'expiresAt',
  },
  {
    id: 'Audit',
    partitionKey: S('PK'),
    sortKey: S('SK'),
    globalSecondaryIndexes: [
      // per-actor trail: GSI1PK = A#<sub>
      { indexName: 'GSI1', partitionKey: S('GSI1PK'), sortKey: S('GSI1SK') },
    ],
  },
];

/** Physical table name for an environment, e.g. `portal-dev-Practice` or locally `portal-local-Practice`. */
export function tableName(env: string, id: TableDefinition['id']): string {
  return `portal-${env}-${id}`;
}

/** Membership record key in the Directory table: read by `sub` in every authorize step. */
export const membershipKey = (sub: string) => ({ PK: `USER#${sub}`, SK: 'MEMBERSHIP' });

/** The practice partition, `P#<practiceId>`: PK of a practice's items in the Practice and Audit tables and GSI1PK of its members in the Directory. */
export const practicePartition = (practiceId: string) => `P#${practiceId}`;
