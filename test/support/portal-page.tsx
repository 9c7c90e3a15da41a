/** A client-portal page rendered as the portal shows it in `locale`: the console's translator (loaded catalog) around the portal's own. */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { PortalI18nProvider } from '../../web/src/client-portal/i18n';
import { I18nProvider } from '../../web/src/i18n/I18nProvider';
import { loadCatalog } from '../../web/src/i18n/catalog';
import type { Locale } from '../../web/src/i18n/locales';
import { createTranslator } from '../../web/src/i18n/translator';

export async function renderPortalPage(locale: Locale, page: ReactElement) {
  const translator = createTranslator(locale, await loadCatalog(locale));
  return render(
    <I18nProvider initial={translator}>
      <PortalI18nProvider>{page}</PortalI18nProvider>
    </I18nProvider>,
  );
}
