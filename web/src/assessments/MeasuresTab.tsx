/** The client's chart tab "Measures" (issue 13): open risk alerts for this client, then their results. */
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { ChartTabProps } from '../clients/chart-tabs';
import { ResultsView } from './ResultsView';
import { RiskAlertsBanner } from './RiskAlertsBanner';
import '../i18n/features/assessments';

export default function MeasuresTab({ clientId }: ChartTabProps) {
  const [reload, setReload] = useState(0);
  return (
    <SpaceBetween size="l">
      <RiskAlertsBanner clientId={clientId} onResolved={() => setReload(reload + 1)} />
      <ResultsView clientId={clientId} reload={reload} />
    </SpaceBetween>
  );
}
