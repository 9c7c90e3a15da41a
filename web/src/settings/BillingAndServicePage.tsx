import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useCallback, useEffect, useState } from 'react';
import { CURRENCIES, validateBillingSettings } from '../../../domain/practice';
import { SystemErrorAlert } from '../common/SystemErrorAlert';
import { editBillingSettings, getBillingSettings, type BillingSettings } from './api';
import { CONFLICT_MESSAGE, FlagField, STATE_OPTIONS, SelectField, TextField, flatten, nest, type FieldKind, type FormValue, type FormValues } from './form';
import { useVersionedSave } from './useVersionedSave';
import { toApiError, type ApiError } from './graphql';
import { useBanners } from '../shell/banners';

const FIELDS: Record<string, FieldKind> = {
  currency: 'text',
  taxId: 'text',
  organizationNPI: 'text',
  'invoicePastDue.days': 'int',
  'invoicePastDue.sendEmail': 'flag',
  'address.line1': 'text',
  'address.line2': 'text',
  'address.city': 'text',
  'address.state': 'text',
  'address.zip': 'text',
  'address.unitBilling': 'flag',
  'invoiceSetting.defaultText': 'text',
  'invoiceSetting.automateOn': 'int',
  'superBillGeneration.days': 'int',
  'deliveryDelay.numMinutes': 'int',
  'billingClientDocument.monthlyStatements': 'flag',
  'billingClientDocument.monthlySuperBills': 'flag',
  'billingClientDocument.emailNotification': 'flag',
  autoplay: 'flag',
};
const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: c }));

/** Billing and service settings of the practice: currency, tax id, billing address, invoices, superbills, client documents. */
export default function BillingAndServicePage() {
  const [base, setBase] = useState<BillingSettings | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const banners = useBanners();

  const show = useCallback((settings: BillingSettings) => {
    setBase(settings);
    setValues(flatten(settings, FIELDS));
  }, []);
  const form = useVersionedSave(getBillingSettings, show);

  // A failed load ends the spinner: the refusal or system error shows in its place.
  const [loadFailure, setLoadFailure] = useState<ApiError | null>(null);
  useEffect(() => {
    getBillingSettings().then(show, (error: unknown) => setLoadFailure(toApiError(error)));
  }, [show]);

  const onChange = (path: string, value: FormValue) => setValues((v) => ({ ...v, [path]: value }));
  const common = { values, errors: form.errors, onChange };

  const submit = async () => {
    if (!base) return;
    const input = nest(values, FIELDS);
    const { problems } = validateBillingSettings(input);
    if (await form.save(problems, () => editBillingSettings(base.version, input))) banners.show('success', 'Billing and service settings were saved.');
  };

  if (!base) return loadFailure ? <SystemErrorAlert detail={loadFailure} /> : <Spinner size="large" />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Form
        header={<Header variant="h1">Billing and service</Header>}
        actions={
          <Button variant="primary" loading={form.saving}>
            Save
          </Button>
        }
      >
        <SpaceBetween size="l">
          {form.conflict && (
            <Alert type="warning" dismissible onDismiss={() => form.setConflict(false)}>
              {CONFLICT_MESSAGE}
            </Alert>
          )}
          {form.failure !== null && <SystemErrorAlert detail={form.failure} onDismiss={() => form.setFailure(null)} />}
          <Container header={<Header variant="h2">Billing</Header>}>
            <ColumnLayout columns={3}>
              <SelectField path="currency" label="Currency" options={CURRENCY_OPTIONS} {...common} />
              <TextField path="taxId" label="Tax id" constraint="EIN or SSN, 9 digits" {...common} />
              <TextField path="organizationNPI" label="Organization NPI" {...common} />
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">Billing address</Header>}>
            <SpaceBetween size="m">
              <ColumnLayout columns={3}>
                <TextField path="address.line1" label="Address line 1" {...common} />
                <TextField path="address.line2" label="Address line 2" {...common} />
                <TextField path="address.city" label="City" {...common} />
                <SelectField path="address.state" label="State" options={STATE_OPTIONS} {...common} />
                <TextField path="address.zip" label="Zip" {...common} />
              </ColumnLayout>
              <FlagField path="address.unitBilling" label="Unit billing" {...common} />
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Invoices and superbills</Header>}>
            <SpaceBetween size="m">
              <ColumnLayout columns={2}>
                <TextField path="invoicePastDue.days" label="Invoice past due after (days)" constraint="0 to 365" {...common} />
                <TextField path="invoiceSetting.automateOn" label="Generate invoices on day of month" constraint="1 to 28; blank: not automated" {...common} />
                <TextField path="superBillGeneration.days" label="Superbill generation (days)" constraint="0 to 365" {...common} />
                <TextField path="deliveryDelay.numMinutes" label="Delivery delay (minutes)" constraint="0 to 10080" {...common} />
              </ColumnLayout>
              <FlagField path="invoicePastDue.sendEmail" label="E-mail clients when an invoice is past due" {...common} />
              <TextField path="invoiceSetting.defaultText" label="Default invoice text" multiline {...common} />
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Client documents</Header>}>
            <SpaceBetween size="xs">
              <FlagField path="billingClientDocument.monthlyStatements" label="Monthly statements" {...common} />
              <FlagField path="billingClientDocument.monthlySuperBills" label="Monthly superbills" {...common} />
              <FlagField path="billingClientDocument.emailNotification" label="E-mail clients when a document is ready" {...common} />
              <FlagField path="autoplay" label="Autoplay" {...common} />
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}
