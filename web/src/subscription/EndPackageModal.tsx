/**
 * Ending a client's session package (issue 15, session 9): the biller chooses when it ends — at the
 * end of the period holding today (its date shown) or today — and confirms. The server ends it
 * (and cancels a card subscription first); its refusal (already ended, changed meanwhile, the card
 * processor unavailable) shows here, in the modal; one request at a time (the button loads and a
 * second submit is ignored). The package as the server returns it replaces the row.
 */
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import RadioGroup from '@cloudscape-design/components/radio-group';
import { useRef, useState } from 'react';
import { ApiError } from '../clients/api';
import { FormModal } from '../common/FormModal';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDate } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/subscription';
import { endClientPackage, type ClientOnPackage } from './api';

export function EndPackageModal({ pkg, onEnded, onDismiss }: { pkg: ClientOnPackage; onEnded: (pkg: ClientOnPackage) => void; onDismiss: () => void }) {
  const { t } = useI18n();
  // A package whose first period has not begun has no period end: it can only end today.
  const [when, setWhen] = useState(pkg.periodEnd ? 'periodEnd' : 'today');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | ApiError | null>(null);
  const inFlight = useRef(false);
  const submit = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSaving(true);
    setProblem(null);
    try {
      onEnded(await endClientPackage(pkg.clientId, pkg.version, when === 'periodEnd'));
    } catch (error) {
      setProblem(error instanceof ApiError ? error : String((error as Error)?.message ?? ''));
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const items = [
    ...(pkg.periodEnd ? [{ value: 'periodEnd', label: t('subscription.endAtPeriodEnd', { date: formatPracticeDate(pkg.periodEnd) }) }] : []),
    { value: 'today', label: t('subscription.endToday') },
  ];
  return (
    <FormModal
      header={t('subscription.endPackageTitle', { client: pkg.clientName, package: pkg.planName })}
      submitLabel={t('subscription.endPackage')}
      cancelLabel={t('subscription.cancel')}
      saving={saving}
      onSubmit={() => void submit()}
      onDismiss={onDismiss}
    >
      {problem ? <SystemErrorAlert detail={problem} /> : null}
      <Box variant="p">{t('subscription.endPackageIntro')}</Box>
      {pkg.cardRenewal ? <Box variant="p">{t('subscription.endPackageCard')}</Box> : null}
      <FormField label={t('subscription.endWhen')}>
        <RadioGroup value={when} onChange={({ detail }) => setWhen(detail.value)} items={items} />
      </FormField>
    </FormModal>
  );
}
