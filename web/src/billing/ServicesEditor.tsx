/**
 * Services offered on /app/settings/billing-and-service (issue 15): each service's code, our short
 * name, duration and rate, the default one, the money format's decimals and the policy fees for a
 * late cancellation and a no-show. Saved as one catalog with the version read; the server checks
 * every value and names each problem (nothing is saved when one is found).
 */
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { parseMoney } from '../../../domain/billing/money';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError, useBanners } from '../shell/banners';
import { editBillingCatalog, getBillingCatalog } from './services-api';

interface Row { key: number; code: string; description: string; minutes: string; rate: string }

const dollars = (cents: number) => (cents / 100).toFixed(2);

export default function ServicesEditor() {
  const t = useT();
  const banners = useBanners();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [defaultKey, setDefaultKey] = useState(0);
  const [decimals, setDecimals] = useState(0);
  const [late, setLate] = useState('0.00');
  const [noShow, setNoShow] = useState('0.00');
  const [version, setVersion] = useState(0);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    getBillingCatalog().then((c) => {
      setRows(c.services.map((s, i) => ({ key: i, code: s.code, description: s.description, minutes: String(s.defaultMinutes), rate: dollars(s.rateCents) })));
      setDefaultKey(Math.max(0, c.services.findIndex((s) => s.isDefault)));
      setDecimals(c.decimals);
      setLate(dollars(c.lateCancelFeeCents));
      setNoShow(dollars(c.noShowFeeCents));
      setVersion(c.version);
    }, reportApiError);
  }, []);
  if (!rows) return null;

  const change = (key: number, patch: Partial<Row>) => setRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const save = async () => {
    const money = [...rows.map((r) => r.rate), late, noShow].map(parseMoney);
    if (money.some((m) => m === null)) return setProblem(t('billing.services.badAmount'));
    setProblem(null);
    setSaving(true);
    try {
      const services = rows.map((r, i) => ({ code: r.code, description: r.description, defaultMinutes: Number(r.minutes), rateCents: money[i]!, isDefault: r.key === defaultKey }));
      const saved = await editBillingCatalog({ version, input: { services, decimals, lateCancelFeeCents: money[rows.length]!, noShowFeeCents: money[rows.length + 1]! } });
      setVersion(saved.version);
      banners.show('success', t('billing.services.saved'));
    } catch (error) {
      reportApiError(error);
    } finally {
      setSaving(false);
    }
  };
  const nextKey = Math.max(-1, ...rows.map((r) => r.key)) + 1;
  const decimalOptions = [0, 2].map((d) => ({ value: String(d), label: t('billing.services.decimalsOption', { count: d }) }));
  return (
    <Container header={<Header variant="h2" description={t('billing.services.intro')} actions={<Button variant="primary" loading={saving} onClick={() => void save()}>{t('billing.services.save')}</Button>}>{t('billing.services.title')}</Header>}>
      <SpaceBetween size="m">
        {problem && <div role="alert"><Box color="text-status-error">{problem}</Box></div>}
        {/* Columns keep widths an input can be typed in; on a phone the table scrolls sideways instead of squeezing them to one letter. */}
        <Table
          variant="embedded"
          items={rows}
          trackBy="key"
          columnDefinitions={[
            { id: 'code', minWidth: 100, header: t('billing.services.code'), cell: (r) => <Input ariaLabel={t('billing.services.code')} value={r.code} onChange={({ detail }) => change(r.key, { code: detail.value })} /> },
            { id: 'description', minWidth: 280, header: t('billing.services.description'), cell: (r) => <Input ariaLabel={t('billing.services.descriptionOf', { code: r.code })} value={r.description} onChange={({ detail }) => change(r.key, { description: detail.value })} /> },
            { id: 'minutes', minWidth: 100, header: t('billing.services.minutes'), cell: (r) => <Input ariaLabel={t('billing.services.minutesOf', { code: r.code })} inputMode="numeric" value={r.minutes} onChange={({ detail }) => change(r.key, { minutes: detail.value })} /> },
            { id: 'rate', minWidth: 120, header: t('billing.services.rate'), cell: (r) => <Input ariaLabel={t('billing.services.rateOf', { code: r.code })} inputMode="decimal" value={r.rate} onChange={({ detail }) => change(r.key, { rate: detail.value })} /> },
            { id: 'default', minWidth: 90, header: t('billing.services.default'), cell: (r) => <RadioGroup ariaLabel={t('billing.services.defaultOf', { code: r.code })} value={defaultKey === r.key ? 'yes' : null} items={[{ value: 'yes', label: '' }]} onChange={() => setDefaultKey(r.key)} /> },
            { id: 'remove', minWidth: 110, header: '', cell: (r) => <Button variant="inline-link" ariaLabel={t('billing.services.removeOf', { code: r.code })} onClick={() => setRows(rows.filter((x) => x.key !== r.key))}>{t('billing.services.remove')}</Button> },
          ]}
        />
        <Button onClick={() => setRows([...rows, { key: nextKey, code: '', description: '', minutes: '45', rate: '0.00' }])}>{t('billing.services.add')}</Button>
        <ColumnLayout columns={3}>
          <FormField label={t('billing.services.decimals')}>
            <Select selectedOption={decimalOptions.find((o) => o.value === String(decimals)) ?? decimalOptions[0]} options={decimalOptions} onChange={({ detail }) => setDecimals(Number(detail.selectedOption.value))} />
          </FormField>
          <FormField label={t('billing.services.lateCancelFee')}>
            <Input inputMode="decimal" value={late} onChange={({ detail }) => setLate(detail.value)} />
          </FormField>
          <FormField label={t('billing.services.noShowFee')}>
            <Input inputMode="decimal" value={noShow} onChange={({ detail }) => setNoShow(detail.value)} />
          </FormField>
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}
