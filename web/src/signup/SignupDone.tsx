import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGES } from '../../../domain/messages';

export const THANKS_NOT_VERIFIED =
  'Thank you for signing up to our Clinician Portal. Please verify your email address with the code we sent you when you log in.';

/** The screen after sign-up (spec part 1 §4): verified or not-yet-verified thank-you, and Login. */
export function SignupDone({ verified, onLogin }: { verified: boolean; onLogin(): void }) {
  return (
    <Container header={<Header variant="h1">Thank you</Header>}>
      <SpaceBetween size="l">
        <Box variant="p">{verified ? MESSAGES.signupThanksVerified : THANKS_NOT_VERIFIED}</Box>
        <Button variant="primary" onClick={onLogin}>
          Login
        </Button>
      </SpaceBetween>
    </Container>
  );
}
