import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { Navigate, useLocation } from 'react-router-dom';
import { plannedPageFor } from '../portal/planned-pages';

/** A portal route whose page is still being built says what it will hold; an unknown path goes home. */
export default function PlannedPage() {
  const { pathname } = useLocation();
  const planned = plannedPageFor(pathname.replace(/\/+$/, ''));
  if (!planned) return <Navigate to="/app/clients" replace />;
  return (
    <ContentLayout header={<Header variant="h1">{planned.title}</Header>}>
      <Container>
        <Box variant="p">{planned.holds}</Box>
        <Box variant="p" color="text-body-secondary">
          This page is coming soon.
        </Box>
      </Container>
    </ContentLayout>
  );
}
