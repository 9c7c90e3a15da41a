/**
 * The practice's per-payer claim settings (issue 18): "requires supervising provider" — claims to
 * that payer for a supervised clinician's session carry the supervisor (837P 2310D; the claims
 * Lambda reads the item, functions/claims/create.ts). Insurance payers right (owner, clinicianAdmin,
 * biller), FIELD_RULES; audited by the pipeline's audit step. Not PHI.
 * Items: `P#<practice>` / `PayerSetting#<payerId>` {payerId, payerName, requiresSupervisingProvider}.
 */
import { Refusal } from '../shared/refusal.ts';
import { getPayer } from '../../domain/insurance/payers.ts';
import { payerSettingKey, PAYER_SETTING_PREFIX } from '../../domain/insurance/supervising.ts';
import { putItem, queryPractice, type Item } from './store.ts';

function toSetting(item: Item): Item {
  return { payerId: item.payerId, payerName: item.payerName, requiresSupervisingProvider: item.requiresSupervisingProvider === true, updatedAt: item.updatedAt ?? null };
}

/** The practice's payer settings, by payer name. */
export async function payerSettings(practiceId: string): Promise<Item[]> {
  return (await queryPractice(practiceId, PAYER_SETTING_PREFIX)).map(toSetting).sort((a, b) => String(a.payerName).localeCompare(String(b.payerName)));
}

export async function setPayerSetting(practiceId: string, by: string, args: Item, at: string): Promise<Item> {
  const payer = typeof args.payerId === 'string' ? getPayer(args.payerId) : null;
  if (!payer) throw new Refusal('Payer not found', 'NotFound');
  if (typeof args.requiresSupervisingProvider !== 'boolean') {
    throw new Refusal('Invalid payer setting: requiresSupervisingProvider (format)', 'ValidationError', [{ field: 'requiresSupervisingProvider', reason: 'format' }]);
  }
  const item: Item = {
    ...payerSettingKey(practiceId, payer.payer_id), entity: 'PayerSetting', payerId: payer.payer_id, payerName: payer.names[0],
    requiresSupervisingProvider: args.requiresSupervisingProvider, updatedAt: at, updatedBy: by,
  };
  await putItem(item);
  return toSetting(item);
}
