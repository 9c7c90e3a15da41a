/**
 * /app/emdr (issue 14): the EMDR menu item opens this route in a new window (an external link of the
 * side navigation); it asks the API for a single-use, 60-second hand-off code and replaces itself with
 * the external EMDR app's address, the code in the fragment. No token or e-mail is in any URL; the
 * app's server exchanges the code (docs/decisions.md "EMDR").
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import { useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/homework';
import { call } from '../settings/graphql';

export default function EmdrPage() {
  const t = useT();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    call<{ url: string }>('mutation EmdrHandoff { createEmdrHandoff { url expiresAt } }', {}, (d) => d.createEmdrHandoff as { url: string })
      .then((h) => live && window.location.replace(h.url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  return failed ? <Alert type="error">{t('emdr.failed')}</Alert> : <Box variant="p" padding="l">{t('emdr.opening')}</Box>;
}
