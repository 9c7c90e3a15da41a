/**
 * The client's chart tab "Insurance" (issue 16): the client's insurance (the spec's fields) and the
 * latest eligibility check shown plainly, the payer's response one click away, "Check eligibility".
 * Roles without insurance rights never see the tab (chart-tabs route); the API is the gate.
 */
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Box from '@cloudscape-design/components/box';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/insurance';
import { reportApiError, useBanners } from '../shell/banners';
import type { ChartTabProps } from '../clients/chart-tabs';
import { checkEligibility, getClientInsurance, updateClientInsurance, type ClientInsurance, type ClientInsuranceInput } from './api';
import { CheckSummary } from './CheckSummary';
import { PayerPicker } from './PayerPicker';
import { formFromInsurance, inputFromForm, type InsuranceForm } from './insurance-form';

const RELATIONSHIPS = ['self', 'spouse', 'child', 'other'];

/** The form's text fields (typed as text; the rest are choices and checkboxes). */
type TextField = { [K in keyof InsuranceForm]: InsuranceForm[K] extends string ? K : never }[keyof InsuranceForm];
const textPatch = (key: TextField, value: string): Partial<InsuranceForm> => ({ [key]: value });

export default function InsuranceTab({ clientId }: ChartTabProps) {
  const t = useT();
  const banners = useBanners();
  const [stored, setStored] = useState<ClientInsurance | null>(null);
  const [form, setForm] = useState<InsuranceForm | null>(null);
  const [busy, setBusy] = useState<'save' | 'check' | null>(null);

  const load = useCallback(async () => {
    try {
      const insurance = await getClientInsurance(clientId);
      setStored(insurance);
      setForm(formFromInsurance(insurance));
    } catch (error) {
      reportApiError(error);
    }
  }, [clientId]);
  useEffect(() => void load(), [load]);
  if (!stored || !form) return null;

  const set = (patch: Partial<InsuranceForm>) => setForm({ ...form, ...patch });
  const text = (key: TextField, label: string) => (
    <FormField label={t(label)}>
      <Input value={form[key]} onChange={({ detail }) => set(textPatch(key, detail.value))} ariaLabel={t(label)} />
    </FormField>
  );
  const option = (prefix: string, value: string) => ({ value, label: t(`${prefix}.${value}`) });

  const save = async () => {
    setBusy('save');
    try {
      const input: ClientInsuranceInput = inputFromForm(form);
      const saved = await updateClientInsurance(clientId, stored.version, input);
      setStored(saved);
      setForm(formFromInsurance(saved));
      banners.show('success', t('insurance.saved'));
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };
  const check = async () => {
    setBusy('check');
    try {
      const done = await checkEligibility(clientId);
      setStored({ ...stored, recentChecks: [done, ...stored.recentChecks] });
      banners.show('success', t('insurance.checked'));
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };
  const latest = stored.recentChecks[0] ?? null;
  const insured = form.billingType === 'insurance';

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" actions={<Button onClick={check} loading={busy === 'check'} disabled={!stored.insuranceInfo.memberId || stored.billingType !== 'insurance'}>{t('insurance.check')}</Button>}>
            {t('insurance.latest')}
          </Header>
        }
      >
        {latest ? <CheckSummary check={latest} /> : <Box color="text-status-inactive">{t('insurance.noCheck')}</Box>}
      </Container>
      <Container header={<Header variant="h2" actions={<Button variant="primary" onClick={save} loading={busy === 'save'}>{t('insurance.save')}</Button>}>{t('insurance.title')}</Header>}>
        <SpaceBetween size="m">
          <ColumnLayout columns={3}>
            <FormField label={t('insurance.billingType')}>
              <Select selectedOption={option('insurance.billingType', form.billingType)} options={['selfPay', 'insurance'].map((v) => option('insurance.billingType', v))} onChange={({ detail }) => set({ billingType: detail.selectedOption.value ?? 'selfPay' })} />
            </FormField>
            <FormField label={t('insurance.type')}>
              <Select selectedOption={option('insurance.type', form.type)} options={['primary', 'secondary'].map((v) => option('insurance.type', v))} onChange={({ detail }) => set({ type: detail.selectedOption.value ?? 'primary' })} />
            </FormField>
            <Checkbox checked={form.autoGenerateBillingDocuments} onChange={({ detail }) => set({ autoGenerateBillingDocuments: detail.checked })}>{t('insurance.autoDocs')}</Checkbox>
          </ColumnLayout>
          {insured && (
            <>
              <ColumnLayout columns={3}>
                <FormField label={t('insurance.payer')}>
                  <PayerPicker value={form.payerLabel} onSelect={(p) => set({ payerId: p.payer_id, payerName: p.names[0], payerLabel: `${p.names[0]} (${p.payer_id})` })} />
                </FormField>
                {text('memberId', 'insurance.memberId')}
                {text('groupId', 'insurance.groupId')}
                {text('planId', 'insurance.planId')}
                {text('coPay', 'insurance.coPay')}
                {text('deductible', 'insurance.deductible')}
                {text('payerPhone', 'insurance.payerPhone')}
                {text('payerFax', 'insurance.payerFax')}
                {text('employerOrSchool', 'insurance.employerOrSchool')}
              </ColumnLayout>
              <Checkbox checked={form.cardOnFile} onChange={({ detail }) => set({ cardOnFile: detail.checked })}>{t('insurance.cardOnFile')}</Checkbox>
              <ColumnLayout columns={3}>
                <FormField label={t('insurance.relationship')}>
                  <Select selectedOption={option('insurance.relationship', form.relationship)} options={RELATIONSHIPS.map((v) => option('insurance.relationship', v))} onChange={({ detail }) => set({ relationship: detail.selectedOption.value ?? 'self' })} />
                </FormField>
                {form.relationship !== 'self' && text('insuredFirstName', 'insurance.insuredFirstName')}
                {form.relationship !== 'self' && text('insuredLastName', 'insurance.insuredLastName')}
                {form.relationship !== 'self' && text('insuredDateOfBirth', 'insurance.insuredDateOfBirth')}
              </ColumnLayout>
              <ColumnLayout columns={3}>
                <Checkbox checked={form.authRequired} onChange={({ detail }) => set({ authRequired: detail.checked })}>{t('insurance.authRequired')}</Checkbox>
                {text('authNumber', 'insurance.authNumber')}
                {text('visitsAuthorized', 'insurance.visitsAuthorized')}
              </ColumnLayout>
              {text('diagnoses', 'insurance.diagnoses')}
              {text('claimNote', 'insurance.claimNote')}
            </>
          )}
          <ColumnLayout columns={3}>
            {text('defaultService', 'insurance.defaultService')}
            {text('defaultFee', 'insurance.defaultFee')}
          </ColumnLayout>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
