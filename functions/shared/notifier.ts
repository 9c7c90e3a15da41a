/**
 * Text messages and e-mail from Lambdas: Amazon SNS (direct SMS publish) and Amazon SES v2. The
 * local runtime points SNS_ENDPOINT / SES_ENDPOINT at its stand-ins (local/messaging.ts), which
 * speak the same wire protocols and deliver to the outbox; no business code checks where it runs.
 * Callers pass texts that hold no PHI (codes, times, the practice's own words); nothing is logged.
 */
import { SNSClient, PublishCommand } from '@aws-sdk/client-sns';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';

export interface Notifier {
  sendSms(phoneE164: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

function clientOptions(endpoint: string | undefined) {
  return endpoint ? { endpoint, region: process.env.AWS_REGION ?? 'us-east-1', credentials: LOCAL_CREDENTIALS } : {};
}

export function awsNotifier(env: NodeJS.ProcessEnv = process.env): Notifier {
  const sns = new SNSClient(clientOptions(env.SNS_ENDPOINT));
  const ses = new SESv2Client(clientOptions(env.SES_ENDPOINT));
  return {
    async sendSms(phoneE164, text) {
      await sns.send(
        new PublishCommand({
          PhoneNumber: phoneE164,
          Message: text,
          // Codes and reminders must arrive: transactional, not promotional, routing.
          MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
        }),
      );
    },
    async sendEmail(to, subject, text) {
      const from = env.SES_FROM_ADDRESS;
      if (!from) throw new Error('SES_FROM_ADDRESS is not set');
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [to] },
          Content: { Simple: { Subject: { Data: subject, Charset: 'UTF-8' }, Body: { Text: { Data: text, Charset: 'UTF-8' } } } },
        }),
      );
    },
  };
}

let shared: { key: string; notifier: Notifier } | undefined;

/** The notifier for this process's configuration (made again if the endpoints change). */
export function notifier(): Notifier {
  const key = `${process.env.SNS_ENDPOINT ?? ''} ${process.env.SES_ENDPOINT ?? ''} ${process.env.SES_FROM_ADDRESS ?? ''}`;
  if (shared?.key !== key || !shared) shared = { key, notifier: awsNotifier() };
  return shared.notifier;
}
