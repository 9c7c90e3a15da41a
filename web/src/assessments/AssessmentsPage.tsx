/** Results (`/app/assessments`, issue 13): open risk alerts on load, then one client's results. */
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/assessments';
import { ClientPicker } from './ClientPicker';
import { ResultsView } from './ResultsView';
import { RiskAlertsBanner } from './RiskAlertsBanner';

export default function AssessmentsPage() {
  const t = useT();
  const [clientId, setClientId] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  return (
    <ContentLayout header={<Header variant="h1" description={t('assessments.results.description')}>{t('assessments.results.title')}</Header>}>
      <SpaceBetween size="l">
        <RiskAlertsBanner onResolved={() => setReload(reload + 1)} />
        <ClientPicker onChange={setClientId} />
        {clientId && <ResultsView clientId={clientId} reload={reload} />}
      </SpaceBetween>
    </ContentLayout>
  );
}
