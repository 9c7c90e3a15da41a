/**
 * On a client's billing tab (issue 15): generate the client's statement or superbill of a month
 * (last month by default), optionally e-mailing them a link to their portal; a link to all the
 * client's billing documents.
 */
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { routeAccess } from '../../../domain/route-access';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/billing';
import { reportApiError } from '../shell/banners';
import { useViewer } from '../shell/ViewerContext';
import { generateBillingDocument, type BillingDocumentKind } from './documents-api';

function lastMonth(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

export default function GenerateDocuments({ clientId }: { clientId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [month, setMonth] = useState(lastMonth());
  const [send, setSend] = useState(false);
  const [busy, setBusy] = useState<BillingDocumentKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const requests = useRef(new Map<string, string>());

  const generate = (kind: BillingDocumentKind) => {
    const key = `${kind}|${month}|${send}`;
    if (!requests.current.has(key)) requests.current.set(key, crypto.randomUUID());
    setBusy(kind);
    setDone(null);
    generateBillingDocument({ clientId, kind, month, send, requestId: requests.current.get(key)! })
      .then((doc) => {
        requests.current.delete(key);
        setDone(doc.sentAt ? t('billing.documents.generatedSent', { title: doc.title }) : t('billing.documents.generatedOnly', { title: doc.title }));
      }, reportApiError)
      .finally(() => setBusy(null));
  };
  const all = `/app/billings/documents?clientId=${encodeURIComponent(clientId)}`;
  // The billing documents page is the billing suite's: a scheduler (client billing without claims) has no link to it.
  const viewer = useViewer();
  const mayOpenAll = viewer.status === 'ready' && routeAccess('/app/billings/documents', viewer.viewer) === 'allowed';
  return (
    <Container header={<Header variant="h2" description={t('billing.documents.generateIntro')}>{t('billing.documents.generateTitle')}</Header>}>
      <SpaceBetween size="s">
        <SpaceBetween direction="horizontal" size="s">
          <FormField label={t('billing.documents.month')} constraintText={t('billing.documents.monthHint')}>
            <Input value={month} onChange={({ detail }) => setMonth(detail.value)} />
          </FormField>
        </SpaceBetween>
        <Checkbox checked={send} onChange={({ detail }) => setSend(detail.checked)}>{t('billing.documents.send')}</Checkbox>
        <SpaceBetween direction="horizontal" size="s">
          <Button loading={busy === 'STATEMENT'} disabled={busy !== null} onClick={() => generate('STATEMENT')}>{t('billing.documents.makeStatement')}</Button>
          <Button loading={busy === 'SUPERBILL'} disabled={busy !== null} onClick={() => generate('SUPERBILL')}>{t('billing.documents.makeSuperbill')}</Button>
        </SpaceBetween>
        {done && <div role="status">{done}</div>}
        {mayOpenAll && <Link href={all} onFollow={(e) => (e.preventDefault(), navigate(all))}>{t('billing.documents.allOfClient')}</Link>}
      </SpaceBetween>
    </Container>
  );
}
