/**
 * A Lambda handler from functions/<folder>/index.ts, bundled by the local esbuild (never Docker),
 * with an encrypted log group, X-Ray tracing and the table names of the environment.
 */
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { tableName } from '../domain/tables.ts';
import type { PortalConfig } from './config.ts';
import type { LogKey } from './log-key.ts';
import { LAMBDA_SUPPRESSIONS, suppress } from './nag.ts';
import { pdfFontHooks } from './pdf-font-asset.ts';

export const ROOT = resolve(import.meta.dirname, '..');

export interface PortalFunctionProps {
  config: PortalConfig;
  /** Folder under functions/ */
  folder: string;
  logKey: LogKey;
  description: string;
  environment?: Record<string, string>;
  timeout?: Duration;
  /** MB; 256 unless a handler needs more (CPU grows with it). */
  memorySize?: number;
}

export class PortalFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    super(scope, id);
    const entry = resolve(ROOT, 'functions', props.folder, 'index.ts');
    if (!existsSync(entry)) throw new Error(`Lambda handler not found: functions/${props.folder}/index.ts`);
    const env = props.config.envName;
    this.fn = new NodejsFunction(this, 'Function', {
      entry,
      handler: 'handler',
      description: props.description,
      // The newest Node.js runtime CDK knows (cdk-nag L1); the handlers also run on Node 20/22 locally.
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup: props.logKey.logGroup(this, 'Logs'),
      depsLockFilePath: resolve(ROOT, 'package-lock.json'),
      projectRoot: ROOT,
      environment: {
        PRACTICE_TABLE: tableName(env, 'Practice'),
        DIRECTORY_TABLE: tableName(env, 'Directory'),
        AUDIT_TABLE: tableName(env, 'Audit'),
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        // The runtime ships AWS SDK v3; ESM output needs `require` for any CommonJS dependency.
        externalModules: ['@aws-sdk/*'],
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // A bundle that renders PDFs carries the Unicode font (lib/pdf-font-asset.ts).
        commandHooks: pdfFontHooks(),
      },
    });
    suppress(this, [
      ...LAMBDA_SUPPRESSIONS,
      {
        id: 'AwsSolutions-IAM4',
        reason: 'AWSLambdaBasicExecutionRole only allows writing this function\'s own CloudWatch logs; it is the AWS-maintained minimum for Lambda.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason: 'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions.',
        appliesTo: ['Resource::*'],
      },
    ]);
  }
}
