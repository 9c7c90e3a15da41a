/**
 * Data: the DynamoDB tables defined in domain/tables.ts (one definition, also used by the local
 * runtime), encrypted with a customer-managed key, with PITR and an AWS Backup plan.
 */
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLES, tableName, type TableDefinition } from '../domain/tables.ts';
import type { PortalConfig } from './config.ts';
import { suppress } from './nag.ts';

export type PortalTables = Record<TableDefinition['id'], dynamodb.Table>;

export interface DataStackProps extends StackProps {
  config: PortalConfig;
}

const attributeType = (type: 'S' | 'N') => (type === 'S' ? dynamodb.AttributeType.STRING : dynamodb.AttributeType.NUMBER);

export class DataStack extends Stack {
  readonly tables: PortalTables;
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.key = new kms.Key(this, 'TablesKey', {
      description: `Practice Portal ${config.envName} DynamoDB tables and backups`,
      enableKeyRotation: true,
      removalPolicy,
    });

    const tables: Partial<PortalTables> = {};
    for (const def of TABLES) {
      const table = new dynamodb.Table(this, `${def.id}Table`, {
        tableName: tableName(config.envName, def.id),
        partitionKey: { name: def.partitionKey.name, type: attributeType(def.partitionKey.type) },
        sortKey: { name: def.sortKey.name, type: attributeType(def.sortKey.type) },
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.CUSTOMER_MANAGED,
        encryptionKey: this.key,
        deletionProtection: config.deletionProtection,
        timeToLiveAttribute: def.timeToLiveAttribute,
        removalPolicy,
      });
      for (const index of def.globalSecondaryIndexes) {
        table.addGlobalSecondaryIndex({
          indexName: index.indexName,
          partitionKey: { name: index.partitionKey.name, type: attributeType(index.partitionKey.type) },
          sortKey: index.sortKey && { name: index.sortKey.name, type: attributeType(index.sortKey.type) },
          projectionType: dynamodb.ProjectionType.ALL,
        });
      }
      tables[def.id] = table;
    }
    this.tables = tables as PortalTables;

    // PITR covers 35 days; the backup plan keeps daily copies for the configured period.
    const vault = new backup.BackupVault(this, 'Vault', {
      backupVaultName: `portal-${config.envName}`,
      encryptionKey: this.key,
      removalPolicy,
    });
    const plan = new backup.BackupPlan(this, 'Plan', {
      backupPlanName: `portal-${config.envName}-tables`,
      backupVault: vault,
      backupPlanRules: [
        new backup.BackupPlanRule({
          ruleName: 'Daily',
          scheduleExpression: events.Schedule.cron({ minute: '0', hour: '5' }),
          deleteAfter: Duration.days(config.backupRetentionDays),
        }),
      ],
    });
    plan.addSelection('Tables', {
      resources: Object.values(this.tables).map((table) => backup.BackupResource.fromDynamoDbTable(table)),
    });
    suppress(plan, [
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSBackupServiceRolePolicyForBackup is the AWS-maintained policy the AWS Backup service role needs to snapshot the selected tables.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'],
      },
    ]);
  }
}
