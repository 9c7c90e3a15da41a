import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CURRENCIES, validateBillingSettings } from '../../../domain/practice';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { useBanners } from '../shell/banners';
import { editBillingSettings, getBillingSettings } from './api';
import { FlagField, STATE_OPTIONS, SelectField, TextField, fieldsOf, type FieldKind } from './form';
import { SettingsFormShell } from './SettingsFormShell';
import ServicesEditor from '../billing/ServicesEditor';
import { useSettingsForm } from './useSettingsForm';
import '../i18n/features/settings';

const FIELDS: Record<string, FieldKind> = {
  ...fieldsOf('text', ['currency', 'taxId', 'organizationNPI', 'address.line1', 'address.line2', 'address.city', 'address.state', 'address.zip', 'invoiceSetting.defaultText']),
  ...fieldsOf('int', ['invoicePastDue.days', 'invoiceSetting.automateOn', 'superBillGeneration.days', 'deliveryDelay.numMinutes']),
  ...fieldsOf('flag', [
    'invoicePastDue.sendEmail', 'address.unitBilling', 'billingClientDocument.monthlyStatements', 'billingClientDocument.monthlySuperBills', 'billingClientDocument.emailNotification', 'autoplay',
  ]),
};
// Currency codes (USD, CAD, ...) are written the same in every language.
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** Billing and service settings of the practice: currency, tax id, billing address, invoices, superbills, client documents; then its services and fees (issue 15). */
export default function BillingAndServicePage() {
  const t = useT();
  const banners = useBanners();
  const form = useSettingsForm({ fields: FIELDS, load: getBillingSettings });
  const common = form.fieldProps;

  const submit = async () => {
    if (await form.submit(validateBillingSettings, editBillingSettings)) banners.show('success', t('settings.billing.saved'));
  };

  return (
    <SpaceBetween size="l">
    <SettingsFormShell form={form} title={t('settings.billing.title')} onSubmit={() => void submit()}>
      <Container header={<Header variant="h2">{t('settings.billing.section.billing')}</Header>}>
        <ColumnLayout columns={3}>
          <SelectField path="currency" label={t('settings.billing.currency')} options={CURRENCY_OPTIONS} {...common} />
          <TextField path="taxId" label={t('settings.billing.taxId')} constraint={t('settings.billing.taxIdHint')} {...common} />
          <TextField path="organizationNPI" label={t('settings.billing.organizationNpi')} {...common} />
        </ColumnLayout>
      </Container>
      <Container header={<Header variant="h2">{t('settings.billing.section.address')}</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={3}>
            <TextField path="address.line1" label={t('clients.field.line1')} {...common} />
            <TextField path="address.line2" label={t('clients.field.line2')} {...common} />
            <TextField path="address.city" label={t('clients.field.city')} {...common} />
            <SelectField path="address.state" label={t('clients.field.state')} options={STATE_OPTIONS} {...common} />
            <TextField path="address.zip" label={t('clients.field.zip')} {...common} />
          </ColumnLayout>
          <FlagField path="address.unitBilling" label={t('settings.billing.unitBilling')} {...common} />
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('settings.billing.section.invoices')}</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={2}>
            <TextField path="invoicePastDue.days" label={t('settings.billing.pastDueDays')} constraint={t('settings.billing.range', { min: '0', max: '365' })} {...common} />
            <TextField path="invoiceSetting.automateOn" label={t('settings.billing.automateOn')} constraint={t('settings.billing.automateOnHint')} {...common} />
            <TextField path="superBillGeneration.days" label={t('settings.billing.superbillDays')} constraint={t('settings.billing.range', { min: '0', max: '365' })} {...common} />
            <TextField path="deliveryDelay.numMinutes" label={t('settings.billing.deliveryDelay')} constraint={t('settings.billing.range', { min: '0', max: '10080' })} {...common} />
          </ColumnLayout>
          <FlagField path="invoicePastDue.sendEmail" label={t('settings.billing.pastDueEmail')} {...common} />
          <TextField path="invoiceSetting.defaultText" label={t('settings.billing.defaultText')} multiline {...common} />
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('settings.billing.section.documents')}</Header>}>
        <SpaceBetween size="xs">
          <FlagField path="billingClientDocument.monthlyStatements" label={t('settings.billing.monthlyStatements')} {...common} />
          <FlagField path="billingClientDocument.monthlySuperBills" label={t('settings.billing.monthlySuperbills')} {...common} />
          <FlagField path="billingClientDocument.emailNotification" label={t('settings.billing.documentEmail')} {...common} />
          <FlagField path="autoplay" label={t('settings.billing.autoplay')} {...common} />
        </SpaceBetween>
      </Container>
    </SettingsFormShell>
      <ServicesEditor />
    </SpaceBetween>
  );
}
