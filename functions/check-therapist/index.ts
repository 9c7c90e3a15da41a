/**
 * checkTherapist (public, pre-login): is a therapist with this NPI already registered?
 * The NPI directory record (Directory table, NPI#<npi>/NPI) is claimed at sign-up with a
 * conditional write (functions/stage-provider), which is what keeps NPIs unique; this only answers
 * the wizard early. A pending claim that expired no longer counts.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, table } from '../shared/aws.ts';
import { json, parseBody, type PublicHandler } from '../shared/http.ts';

export const handler: PublicHandler = async (event) => {
  const body = parseBody(event);
  if (!body) return json(400, { message: 'Request body must be a JSON object' });
  const npi = typeof body.npi === 'string' ? body.npi.trim() : '';
  if (!/^\d{10}$/.test(npi)) return json(400, { message: 'NPI number must be 10 digits' });
  const found = await dynamo().send(new GetCommand({ TableName: table('DIRECTORY_TABLE'), Key: { PK: `NPI#${npi}`, SK: 'NPI' } }));
  const item = found.Item;
  const expired = item?.status === 'pending' && typeof item.expiresAt === 'number' && item.expiresAt < Date.now() / 1000;
  return json(200, { hasTherapist: Boolean(item) && !expired });
};
