import Button from '@cloudscape-design/components/button';
import Calendar from '@cloudscape-design/components/calendar';
import Input from '@cloudscape-design/components/input';
import Popover, { type PopoverProps } from '@cloudscape-design/components/popover';
import { useEffect, useRef, useState } from 'react';
import { datePattern, formatDateInput, parseDateInput, patternText, type DatePattern } from '../i18n/date-input';
import { PRACTICE_LOCALE } from '../i18n/format';
import { languageTag, useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

/** The practice's date pattern as this language names its letters: MM/DD/YYYY, MM/DD/AAAA, MM/JJ/AAAA, ... */
export function useDatePatternText(pattern: DatePattern = datePattern(PRACTICE_LOCALE)): string {
  const { t } = useI18n();
  return patternText(pattern, { year: t('dates.letters.year'), month: t('dates.letters.month'), day: t('dates.letters.day') });
}

export interface DateFieldProps {
  /** The calendar date as YYYY-MM-DD; while a typed date is incomplete or not a real date, what was typed. */
  value: string;
  onChange: (value: string) => void;
  /** Names the calendar button (and the field, where no FormField label names it). */
  calendarLabel: string;
  ariaLabel?: string;
  invalid?: boolean;
  /** The locale whose way of writing dates the field uses; default the practice's (en-US: MM/DD/YYYY). */
  locale?: string;
}

/**
 * A date typed as the practice writes it (MM/DD/YYYY for an en-US practice), or picked from a
 * calendar in the page's language. Cloudscape's DatePicker cannot do this: it types and shows
 * YYYY/MM/DD, or a long date ("March 5, 2026") while not focused (format="long-localized"), never
 * MM/DD/YYYY (decisions.md, "Dates typed as the practice writes them"). So this is Cloudscape's
 * Input, with Cloudscape's Calendar in a Popover, around the same YYYY-MM-DD value.
 */
export function DateField({ value, onChange, calendarLabel, ariaLabel, invalid, locale = PRACTICE_LOCALE }: DateFieldProps) {
  const { locale: language } = useI18n();
  const pattern = datePattern(locale);
  const placeholder = useDatePatternText(pattern);
  const [text, setText] = useState(() => formatDateInput(value, pattern));
  const popover = useRef<PopoverProps.Ref>(null);

  // A value set from outside (the calendar, a reload of the record) replaces what is typed.
  useEffect(() => {
    setText((typed) => (parseDateInput(typed, pattern) === value || typed === value ? typed : formatDateInput(value, pattern)));
    // datePattern keeps one pattern object per locale, so this runs when the value changes.
  }, [value, pattern]);

  const type = (typed: string) => {
    setText(typed);
    onChange(typed.trim() === '' ? '' : (parseDateInput(typed, pattern) ?? typed));
  };
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

  return (
    <div style={{ display: 'flex', gap: '8px', alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 auto', minWidth: '8em' }}>
        <Input value={text} onChange={({ detail }) => type(detail.value)} placeholder={placeholder} ariaLabel={ariaLabel} inputMode="numeric" invalid={invalid} />
      </div>
      <Popover
        ref={popover}
        triggerType="custom"
        renderWithPortal
        dismissButton={false}
        position="bottom"
        size="medium"
        content={
          <Calendar
            value={iso}
            locale={languageTag(language)}
            ariaLabel={calendarLabel}
            onChange={({ detail }) => {
              setText(formatDateInput(detail.value, pattern));
              onChange(detail.value);
              popover.current?.focus();
            }}
          />
        }
      >
        <Button iconName="calendar" variant="icon" formAction="none" ariaLabel={calendarLabel} />
      </Popover>
    </div>
  );
}
