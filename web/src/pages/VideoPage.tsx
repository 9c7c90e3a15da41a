import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { Link } from 'react-router-dom';

/** Clinician video call (/video/:id). The call itself arrives with the video issue. */
export default function VideoPage() {
  return (
    <Box padding="l">
      <ContentLayout header={<Header variant="h1">Video call</Header>}>
        <Container>
          <Box variant="p">The video call is not available yet.</Box>
          <Link to="/app/clients">Back to clients</Link>
        </Container>
      </ContentLayout>
    </Box>
  );
}
