import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGES } from '../../../domain/messages';

/** The User Already Exists modal (spec part 1 §2, §8): reuse the app account (Yes) or start over (No). */
export function UserExistsModal({ busy, onYes, onNo }: { busy: boolean; onYes(): void; onNo(): void }) {
  return (
    <Modal
      visible
      closeAriaLabel="Close"
      header="User Already Exists"
      onDismiss={onNo}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onNo}>No</Button>
            <Button variant="primary" loading={busy} onClick={onYes}>
              Yes
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {MESSAGES.userAlreadyExists}
    </Modal>
  );
}
