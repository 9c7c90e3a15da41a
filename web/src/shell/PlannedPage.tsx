import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { Navigate, useLocation } from 'react-router-dom';
import { plannedKey } from '../i18n/catalog';
import { useT } from '../i18n/I18nProvider';
import { plannedPageFor } from './planned-pages';
import { HOME_PATH } from './paths';
import '../i18n/pages/planned';

/** A portal route whose page is still being built says what it will hold; an unknown path goes home. */
export default function PlannedPage() {
  const { pathname } = useLocation();
  const t = useT();
  const path = pathname.replace(/\/+$/, '');
  const planned = plannedPageFor(path);
  if (!planned) return <Navigate to={HOME_PATH} replace />;
  return (
    <ContentLayout header={<Header variant="h1">{t(plannedKey(path, 'title'))}</Header>}>
      <Container>
        <Box variant="p">{t(plannedKey(path, 'holds'))}</Box>
        <Box variant="p" color="text-body-secondary">
          {t('planned.comingSoon')}
        </Box>
      </Container>
    </ContentLayout>
  );
}
