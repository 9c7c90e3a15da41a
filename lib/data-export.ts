/**
 * The data export in AWS (issue 18): the export-worker Lambda (functions/export-worker) that writes
 * a practice's zip in the background — up to 15 minutes, 1 GB, streaming to S3 by multipart
 * upload under exports/ of the media bucket — started asynchronously (InvocationType Event) by the
 * export data-source Lambda, which also presigns the download (exports/ read only). The worker
 * reads the Practice and Audit partitions, updates the job, writes the audit entry and e-mails
 * the owner (SES). Resumable (session 8): each invocation works to a 12-minute budget and hands
 * over to a fresh invocation of itself (asynchronous Invoke of its own function, its own policy),
 * the pieces between invocations under exports/ too; Lambda retries a failed leg twice, then the
 * export is FAILED (docs/decisions.md).
 */
import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import type { LogKey } from './log-key.ts';
import { grantMessaging, messagingEnvironment } from './messaging-access.ts';
import { suppress } from './nag.ts';
import { PortalFunction } from './portal-function.ts';

/** functions/export (domain/admin/export.ts exportObjectKey). */
export const EXPORT_PREFIX = 'exports/';
/** What the worker copies into the zip (domain/admin/export.ts objectEntries): claim files, message attachments, profile images. */
export const EXPORT_READS = ['claims/', 'attachments/', 'images/all/'];

export interface DataExportProps {
  config: PortalConfig;
  tables: PortalTables;
  logKey: LogKey;
  bucket: s3.IBucket;
  /** The export data-source Lambda (starts the worker, presigns the download). */
  starter: NodejsFunction;
}

export class DataExport extends Construct {
  constructor(scope: Construct, id: string, props: DataExportProps) {
    super(scope, id);
    const worker = new PortalFunction(this, 'Worker', {
      config: props.config, logKey: props.logKey, folder: 'export-worker',
      description: 'Data export: writes a practice\'s zip to S3 in the background (streamed)',
      // A full vCPU (1769 MB): the PDFs of the notes are rendered in the pass (docs/decisions.md, the bench).
      timeout: Duration.minutes(15), memorySize: 1769,
      environment: { ...messagingEnvironment(props.config), BUCKET: props.bucket.bucketName },
    }).fn;
    props.tables.Practice.grantReadWriteData(worker);
    props.tables.Audit.grantReadWriteData(worker);
    props.tables.Directory.grantReadData(worker);
    props.bucket.grantReadWrite(worker, `${EXPORT_PREFIX}*`);
    props.bucket.grantDelete(worker, `${EXPORT_PREFIX}*`);
    // The files the records point to, copied into the zip: read only.
    for (const prefix of EXPORT_READS) props.bucket.grantRead(worker, `${prefix}*`);
    grantMessaging(worker, { sms: false });
    worker.grantInvoke(props.starter);
    // The hand-over to the next leg: the worker invokes itself. Its own Policy, not the role's default
    // one — the function waits for that, and a statement naming the function's ARN there is a cycle.
    new iam.Policy(this, 'WorkerHandOver', {
      roles: [worker.role!],
      statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [worker.functionArn] })],
    });
    // A failed leg is retried twice (with the same event: it resumes from its last state), then the export is FAILED.
    worker.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1) });
    props.starter.addEnvironment('EXPORT_WORKER', worker.functionName);
    props.starter.addEnvironment('BUCKET', props.bucket.bucketName);
    props.bucket.grantRead(props.starter, `${EXPORT_PREFIX}*`);
    for (const fn of [worker, props.starter]) {
      suppress(fn.role!, [
        {
          id: 'AwsSolutions-IAM5',
          reason: 'Exports are written under exports/<practice>/<export id>.zip; the grant covers that one prefix of the one bucket, the KMS actions CDK grants for its key, and the worker\'s versions (<function ARN>:*) that an asynchronous invoke may name.',
          appliesTo: [{ regex: '/^Action::s3:.*\\*$/g' }, { regex: '/^Action::kms:.*\\*$/g' }, { regex: '/^Resource::.*(exports|claims|attachments|images\\/all)\\/\\*$/g' }, { regex: '/^Resource::<.*Worker.*\\.Arn>:\\*$/g' }],
        },
      ]);
    }
  }
}
