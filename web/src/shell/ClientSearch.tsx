import Autosuggest from '@cloudscape-design/components/autosuggest';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import { reportApiError } from './banner-state';
import type { ClientMatch } from './client-search-api';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

type Status = 'pending' | 'loading' | 'finished' | 'error';

/**
 * The top bar's client search-select (spec part 2 §2.3): asks the server once the text has two or
 * more characters and the typing pauses; the list shows 'first last'.
 */
export function ClientSearch({ search, onSelect }: { search: (text: string) => Promise<ClientMatch[]>; onSelect: (id: string) => void }) {
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<ClientMatch[]>([]);
  const [status, setStatus] = useState<Status>('pending');
  const t = useT();

  useEffect(() => {
    const query = text.trim();
    if (query.length < SEARCH_MIN_LENGTH) {
      setMatches([]);
      setStatus('pending');
      return;
    }
    let live = true;
    setStatus('loading');
    const timer = setTimeout(() => {
      search(query).then(
        (found) => {
          if (!live) return;
          setMatches(found);
          setStatus('finished');
        },
        (error: unknown) => {
          if (!live) return;
          setMatches([]);
          setStatus('error');
          reportApiError(error);
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, search]);

  return (
    <Autosuggest
      value={text}
      onChange={({ detail }) => setText(detail.value)}
      onSelect={({ detail }) => {
        if (!detail.selectedOption?.value) return;
        setText('');
        onSelect(detail.selectedOption.value);
      }}
      options={matches.map((m) => ({ value: m.id, label: `${m.first} ${m.last}` }))}
      filteringType="manual"
      statusType={status}
      loadingText={t('search.loading')}
      errorText={t('search.failed')}
      empty={text.trim().length < SEARCH_MIN_LENGTH ? t('search.tooShort') : t('search.none')}
      placeholder={t('topbar.searchClients')}
      ariaLabel={t('topbar.searchClients')}
      enteredTextLabel={(value) => t('search.entered', { value })}
      hideEnteredTextOption
    />
  );
}
