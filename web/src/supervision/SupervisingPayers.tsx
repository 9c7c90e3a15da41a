/**
 * The payer settings page's part for supervision (issue 18): the payers whose claims carry the
 * supervising provider (837P 2310D) for a supervised clinician's session — each with a toggle, and
 * a payer added with the shared payer picker. The server validates and audits (setPayerClaimSetting).
 */
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/supervision';
import { PayerPicker } from '../insurance/PayerPicker';
import { reportApiError } from '../shell/banners';
import { getPayerClaimSettings, setPayerClaimSetting, type PayerClaimSetting } from './api';

export function SupervisingPayers() {
  const { t } = useI18n();
  const [settings, setSettings] = useState<PayerClaimSetting[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => void getPayerClaimSettings().then(setSettings, reportApiError), []);
  const save = async (payerId: string, required: boolean) => {
    setBusy(payerId);
    try {
      const saved = await setPayerClaimSetting(payerId, required);
      setSettings((current) => [...current.filter((s) => s.payerId !== saved.payerId), saved].sort((a, b) => a.payerName.localeCompare(b.payerName)));
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Container header={<Header variant="h2" description={t('supervision.payers.intro')}>{t('supervision.payers.title')}</Header>}>
      <SpaceBetween size="m">
        {settings.length === 0 ? <Box color="text-body-secondary">{t('supervision.payers.none')}</Box> : null}
        {settings.map((s) => (
          <Toggle key={s.payerId} checked={s.requiresSupervisingProvider} disabled={busy === s.payerId} onChange={({ detail }) => void save(s.payerId, detail.checked)}>
            {t('supervision.payers.requires', { payer: `${s.payerName} (${s.payerId})` })}
          </Toggle>
        ))}
        <FormField label={t('supervision.payers.add')}>
          <PayerPicker value="" onSelect={(payer) => void save(payer.payer_id, true)} />
        </FormField>
      </SpaceBetween>
    </Container>
  );
}
