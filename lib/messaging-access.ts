/**
 * Lambdas that send texts and e-mail on a clinician's behalf (issue 19: the booking confirmation
 * from appointments, the team invitation from team-members): SMS by SNS direct publish, e-mail by
 * SES from the environment's verified sender, and the console's origin for the links they carry.
 */
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type { PortalConfig } from './config.ts';
import { suppress } from './nag.ts';

/** The environment those Lambdas need: the sender (if configured) and the console origin (if known). */
export function messagingEnvironment(config: PortalConfig): Record<string, string> {
  return {
    ...(config.emailFromAddress ? { SES_FROM_ADDRESS: config.emailFromAddress } : {}),
    ...(config.consoleOrigins[0] ? { PORTAL_ORIGIN: config.consoleOrigins[0] } : {}),
  };
}

/** E-mail by SES; with `sms`, also texts to phone numbers (SNS direct publish, never to a topic). */
export function grantMessaging(fn: lambda.Function, options: { sms: boolean }): void {
  const stack = Stack.of(fn);
  if (options.sms) {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    fn.addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['sns:Publish'], resources: ['arn:aws:sns:*:*:*'] }));
  }
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })] }));
  suppress(fn, [
    {
      id: 'AwsSolutions-IAM5',
      reason: 'SMS to a phone number (SNS direct publish) has no resource ARN (publishing to any topic is denied); SES sends from the configured verified identity, whose name is set per environment.',
      appliesTo: [...(options.sms ? ['Resource::*'] : []), { regex: '/^Resource::arn:<AWS::Partition>:ses:.*:identity\\/\\*$/g' }],
    },
  ]);
}
