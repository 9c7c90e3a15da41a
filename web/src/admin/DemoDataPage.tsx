/**
 * /app/demo-data (issue 18; the spec names no route; DemoData: the owner): loads the demo data set
 * — eight clients, self-pay and insurance, six months of sessions — into a practice that has no
 * clients yet, to explore it; every demo item is marked and removed in one action, nothing else.
 */
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { formatPracticeDateTime } from '../i18n/format';
import '../i18n/portal-messages';
import '../i18n/features/admin';
import { reportApiError } from '../shell/banners';
import { ApiError } from '../settings/graphql';
import { getDemoData, loadDemoData, removeDemoData, type DemoData } from './api';

export default function DemoDataPage() {
  const { t, tm } = useI18n();
  const [state, setState] = useState<DemoData | null>(null);
  const [busy, setBusy] = useState(false);
  // A refusal (a set is loaded, the practice has clients, nothing to remove) in its own words, on the page.
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    getDemoData().then(setState, reportApiError);
  }, []);
  const act = async (action: () => Promise<DemoData>) => {
    setBusy(true);
    setRefusal(null);
    try {
      setState(await action());
    } catch (error) {
      if (error instanceof ApiError && (error.errorType === 'ConflictError' || error.errorType === 'NotFound')) setRefusal(tm(error.message));
      else reportApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ContentLayout header={<Header variant="h1" description={t('admin.demo.intro')}>{t('admin.demo.title')}</Header>}>
      <Container>
        {!state ? <StatusIndicator type="loading">{t('admin.demo.loading')}</StatusIndicator> : (
          <SpaceBetween size="m">
            {state.loaded ? (
              <Alert type="info" header={t('admin.demo.loadedTitle')}>
                {t('admin.demo.loaded', { clients: state.clients, appointments: state.appointments, at: state.loadedAt ? formatPracticeDateTime(state.loadedAt) : '' })}
              </Alert>
            ) : <Box>{t('admin.demo.notLoaded')}</Box>}
            {refusal ? <Alert type="warning">{refusal}</Alert> : null}
            {state.loaded
              ? <Button loading={busy} onClick={() => void act(removeDemoData)}>{t('admin.demo.remove')}</Button>
              : <Button variant="primary" loading={busy} onClick={() => void act(loadDemoData)}>{t('admin.demo.load')}</Button>}
          </SpaceBetween>
        )}
      </Container>
    </ContentLayout>
  );
}
