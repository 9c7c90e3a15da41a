/** A client chosen by name (the practice's clients the caller sees), for the Assign and Results pages. */
import Autosuggest from '@cloudscape-design/components/autosuggest';
import FormField from '@cloudscape-design/components/form-field';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { reportApiError } from '../shell/banner-state';
import { clientsByName } from './api';

export function ClientPicker({ onChange }: { onChange(clientId: string | null): void }) {
  const t = useT();
  const [value, setValue] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    clientsByName(value)
      .then((items) => live && setOptions(items.map((c) => ({ value: c.id, label: `${c.personalDetail.first} ${c.personalDetail.last}` }))))
      .catch(reportApiError);
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <FormField label={t('assessments.client')}>
      <Autosuggest
        value={value}
        options={options}
        filteringType="manual"
        ariaLabel={t('assessments.client')}
        placeholder={t('assessments.clientPlaceholder')}
        enteredTextLabel={(text) => text}
        onChange={({ detail }) => { setValue(detail.value); onChange(null); }}
        onSelect={({ detail }) => {
          const chosen = options.find((o) => o.value === detail.value);
          setValue(chosen?.label ?? '');
          onChange(chosen ? chosen.value : null);
        }}
      />
    </FormField>
  );
}
