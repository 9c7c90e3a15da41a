/**
 * Appointment reminders in AWS (issue 7): the functions/appointment-reminders Lambda, run every
 * five minutes by EventBridge Scheduler. It reads the Practice table's reminder index and claims
 * each reminder with a conditional update, then texts (SNS) or e-mails (SES) the client.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { PortalConfig } from './config.ts';
import type { PortalTables } from './data-stack.ts';
import type { LogKey } from './log-key.ts';
import { suppress } from './nag.ts';
import { PortalFunction } from './portal-function.ts';
import { configureClearinghouse } from './clearinghouse-access.ts';

export interface RemindersProps {
  config: PortalConfig;
  tables: PortalTables;
  logKey: LogKey;
  /** A verified SES identity's address; without it e-mail reminders fail (counted) and SMS still go. */
  fromAddress?: string;
}

export class Reminders extends Construct {
  readonly fn: PortalFunction['fn'];

  constructor(scope: Construct, id: string, props: RemindersProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.fn = new PortalFunction(this, 'Handler', {
      config: props.config,
      logKey: props.logKey,
      folder: 'appointment-reminders',
      description: 'Appointment reminders: every 5 minutes, once per appointment, no PHI in the text',
      timeout: Duration.minutes(2),
      // PORTAL_ORIGIN: the assessment links it sends for later occurrences of a schedule (issue 13).
      environment: { ...(props.fromAddress ? { SES_FROM_ADDRESS: props.fromAddress } : {}), ...(props.config.consoleOrigins[0] ? { PORTAL_ORIGIN: props.config.consoleOrigins[0] } : {}) },
    }).fn;
    // Reads the index and practice settings, claims reminders (UpdateItem) and assessment links (Practice).
    props.tables.Practice.grantReadWriteData(this.fn);
    // The assessment links (issue 13): the link's hash in Directory; the practice's name from the owner's membership.
    props.tables.Directory.grantReadWriteData(this.fn);
    // The statements run (issue 15, functions/billing/statement-run.ts) audits the statements it writes (ids only).
    props.tables.Audit.grantWriteData(this.fn);
    // The monthly eligibility recheck (issue 16, functions/eligibility/recheck.ts): the clearinghouse, as the eligibility Lambda has it.
    configureClearinghouse(this.fn, this.fn, props.config.clearinghouse);
    this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    this.fn.addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: ['arn:aws:sns:*:*:*'] }));
    this.fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })] }),
    );
    suppress(this.fn, [
      {
        id: 'AwsSolutions-IAM5',
        reason: 'SMS to a phone number (SNS direct publish) has no resource ARN (publishing to any topic is denied); SES sends from the configured verified identity, whose name is set per environment.',
        appliesTo: ['Resource::*', { regex: '/^Resource::arn:<AWS::Partition>:ses:.*:identity\\/\\*$/g' }],
      },
    ]);

    const role = new iam.Role(this, 'SchedulerRole', { assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com') });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }));
    new scheduler.CfnSchedule(this, 'Every5Minutes', {
      name: `portal-${props.config.envName}-appointment-reminders`,
      description: 'Runs the appointment-reminder Lambda',
      scheduleExpression: 'rate(5 minutes)',
      flexibleTimeWindow: { mode: 'OFF' },
      target: { arn: this.fn.functionArn, roleArn: role.roleArn, retryPolicy: { maximumRetryAttempts: 0 } },
    });
  }
}
