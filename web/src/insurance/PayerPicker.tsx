/** A payer chosen by name, id or state from the shipped list (getAllPayers, cache-first; the first 20 with no text). */
import Autosuggest from '@cloudscape-design/components/autosuggest';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { getAllPayers, type Payer } from './api';

const DEBOUNCE_MS = 250;

export function payerLabel(p: Payer): string {
  return `${p.names[0]} (${p.payer_id})`;
}

export function PayerPicker({ value, onSelect }: { value: string; onSelect: (payer: Payer) => void }) {
  const t = useT();
  const [text, setText] = useState(value);
  const [payers, setPayers] = useState<Payer[]>([]);
  const [status, setStatus] = useState<'pending' | 'loading' | 'finished' | 'error'>('pending');
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    let live = true;
    setStatus('loading');
    const timer = setTimeout(() => {
      getAllPayers(text === value ? '' : text).then(
        (found) => live && (setPayers(found), setStatus('finished')),
        () => live && setStatus('error'),
      );
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, value]);
  return (
    <Autosuggest
      value={text}
      onChange={({ detail }) => setText(detail.value)}
      onSelect={({ detail }) => {
        const payer = payers.find((p) => p.payer_id === detail.selectedOption?.value);
        if (payer) {
          setText(payerLabel(payer));
          onSelect(payer);
        }
      }}
      options={payers.map((p) => ({ value: p.payer_id, label: payerLabel(p), description: p.state ?? t('payers.national') }))}
      filteringType="manual"
      statusType={status}
      loadingText={t('payers.loading')}
      errorText={t('payers.failed')}
      empty={t('payers.none')}
      placeholder={t('payers.searchPlaceholder')}
      ariaLabel={t('payers.search')}
      enteredTextLabel={(entered) => entered}
      hideEnteredTextOption
    />
  );
}
