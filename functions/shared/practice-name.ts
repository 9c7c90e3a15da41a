/** The practice's name as its Practice details hold it (the only practice fact the client-facing texts name). */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { settingsKey } from '../../domain/practice.ts';
import { dynamo, table } from './aws.ts';

export async function practiceName(practiceId: string): Promise<string | null> {
  const details = (await dynamo().send(new GetCommand({ TableName: table('PRACTICE_TABLE'), Key: settingsKey(practiceId, 'PracticeDetails') })))?.Item;
  const name = (details?.data as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}
