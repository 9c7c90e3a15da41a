import { useId } from 'react';
import { useI18n } from './I18nProvider';
import { isOfferedLocale, LOCALE_NAMES, OFFERED_LOCALES } from './locales';
import './language-select.css';

/**
 * The language selector of the public header and the sign-in and sign-up pages: a native select,
 * light enough for the public pages. Each language is listed by its own name; Arabic is not offered.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const { locale, t, setLocale } = useI18n();
  const id = useId();
  return (
    <span className={className ?? 'language-select'}>
      <label htmlFor={id} className="language-select-label">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          if (isOfferedLocale(event.target.value)) void setLocale(event.target.value);
        }}
      >
        {OFFERED_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
