/**
 * /app/billings/insurance_payments/new (issue 16): ERA posting. Retrieve the 835s of accepted claims
 * from the clearinghouse or upload one; each shows its proposed posting (per claim: paid, the
 * client's responsibility, adjustments by group and reason, the stage the claim takes) and what is
 * held for manual matching, how each claim was matched (patient control number, or the fallbacks),
 * and the provider-level adjustments (PLB: takebacks, interest); Post applies it (the biller's confirmation).
 * Held payments are matched by hand or marked not ours (HeldItems.tsx).
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../../domain/billing/money';
import { useT } from '../../i18n/I18nProvider';
import '../../i18n/portal-messages';
import '../../i18n/features/claims';
import { reportApiError } from '../../shell/banners';
import { listEras, postEra, retrieveEras, uploadEra, type Era } from '../claims/api';
import { HeldItems } from './HeldItems';

const MONEY = { decimals: 2, currency: 'USD' };

function EraCard({ era, busy, onPost, onChanged }: { era: Era; busy: boolean; onPost: () => void; onChanged: (era: Era) => void }) {
  const t = useT();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`${era.paymentDate ?? ''} · ${t('era.total')} ${formatMoney(era.totalPaidCents, MONEY)}`}
          actions={era.status === 'proposed' ? <Button variant="primary" loading={busy} disabled={era.claims.length === 0 && era.providerAdjustments.length === 0} onClick={onPost}>{t('era.post')}</Button> : <StatusIndicator type="success">{t('era.status.posted')}</StatusIndicator>}
        >
          {era.payerName} · {t('era.check', { trace: era.traceNumber })}
        </Header>
      }
    >
      <SpaceBetween size="s">
        {!era.balanced && <Alert type="warning">{t('era.unbalanced')}</Alert>}
        <Table
          variant="embedded"
          items={era.claims}
          empty={<Box textAlign="center">—</Box>}
          columnDefinitions={[
            { id: 'claim', header: t('era.claim'), cell: (c) => c.patientControlNumber },
            { id: 'kind', header: t('era.kind'), cell: (c) => t(`era.kind.${c.kind}`) },
            { id: 'paid', header: t('claims.detail.paid'), cell: (c) => formatMoney(c.paidCents, MONEY) },
            { id: 'share', header: t('claims.detail.clientShare'), cell: (c) => formatMoney(c.clientResponsibilityCents, MONEY) },
            { id: 'adj', header: t('era.adjustments'), cell: (c) => c.adjustments.map((a) => `${a.group}-${a.reason} ${formatMoney(a.amountCents, MONEY)}`).concat(c.remarks).join(', ') },
            { id: 'next', header: t('era.next'), cell: (c) => t(`claims.stage.${c.nextStage}`) },
            { id: 'matched', header: t('era.matchedBy'), cell: (c) => t(`era.matchedBy.${c.matchedBy}`) },
          ]}
        />
        {era.providerAdjustments.length > 0 && (
          <Table
            variant="embedded"
            header={<Header variant="h3">{t('era.provider')}</Header>}
            items={era.providerAdjustments}
            columnDefinitions={[
              { id: 'kind', header: t('era.kind'), cell: (p) => t(`era.provider.${p.kind}`) },
              { id: 'amount', header: t('era.total'), cell: (p) => formatMoney(p.amountCents, MONEY) },
              { id: 'note', header: t('era.claim'), cell: (p) => p.note },
            ]}
          />
        )}
        {era.held.length > 0 && <HeldItems era={era} onChanged={onChanged} />}
      </SpaceBetween>
    </Container>
  );
}

export default function EraPage() {
  const t = useT();
  const [eras, setEras] = useState<Era[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);

  const refresh = async () => setEras(await listEras());
  useEffect(() => void refresh().catch(reportApiError), []);

  const act = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
      await refresh();
    } catch (error) {
      reportApiError(error);
    } finally {
      setBusy(null);
    }
  };

  const upload = (chosen: File[]) => {
    setFiles(chosen);
    const file = chosen[0];
    if (file) void act('upload', async () => uploadEra(await file.text())).then(() => setFiles([]));
  };

  return (
    <ContentLayout header={<Header variant="h1" description={t('era.intro')}>{t('era.title')}</Header>}>
      <SpaceBetween size="l">
        <SpaceBetween direction="horizontal" size="s" alignItems="center">
          <Button variant="primary" loading={busy === 'retrieve'} onClick={() => void act('retrieve', retrieveEras)}>{t('era.retrieve')}</Button>
          <FileUpload value={files} onChange={(e) => upload(e.detail.value)} accept=".835,.x12,.txt,.edi" i18nStrings={{ uploadButtonText: () => t('era.upload'), dropzoneText: () => t('era.upload'), removeFileAriaLabel: () => t('claims.detail.close') }} />
        </SpaceBetween>
        {eras.length === 0 && <Box textAlign="center">{t('era.empty')}</Box>}
        {eras.map((era) => <EraCard key={era.id} era={era} busy={busy === era.id} onPost={() => void act(era.id, () => postEra(era.id))} onChanged={(next) => setEras((all) => all.map((e) => (e.id === next.id ? next : e)))} />)}
      </SpaceBetween>
    </ContentLayout>
  );
}
