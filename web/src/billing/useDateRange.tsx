/**
 * The billing pages' date range filter (the billing list, billing documents): From and To typed as the
 * practice writes dates or picked from a calendar. The list follows whole dates only — a half-typed
 * date reads nothing new and shows as invalid.
 */
import FormField from '@cloudscape-design/components/form-field';
import { useState } from 'react';
import { DateField } from '../common/DateField';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';

const wholeDay = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null);

export function useDateRange() {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const fromDay = wholeDay(from);
  const toDay = wholeDay(to);
  const fields = (
    <>
      <FormField label={t('billing.from')}>
        <DateField value={from} onChange={setFrom} calendarLabel={t('billing.chooseFrom')} invalid={from !== '' && !fromDay} />
      </FormField>
      <FormField label={t('billing.to')}>
        <DateField value={to} onChange={setTo} calendarLabel={t('billing.chooseTo')} invalid={to !== '' && !toDay} />
      </FormField>
    </>
  );
  return { fromDay, toDay, fields };
}
