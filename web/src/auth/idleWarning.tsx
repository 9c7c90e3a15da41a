import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';

/** The warning before the automatic logoff (auth/idleLogoff.tsx); any input also keeps the session. */
export default function IdleWarning({ secondsLeft, onStay }: { secondsLeft: number; onStay(): void }) {
  return (
    <Modal
      visible
      closeAriaLabel="Close"
      header="Are you still there?"
      onDismiss={onStay}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onStay}>
            Stay signed in
          </Button>
        </Box>
      }
    >
      For your clients&apos; privacy you will be signed out in {secondsLeft} seconds because there has been no activity.
    </Modal>
  );
}
