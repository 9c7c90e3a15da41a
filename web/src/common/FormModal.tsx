import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

export interface FormModalProps {
  header: string;
  /** The primary button's words (Add client, Create appointment, Save). */
  submitLabel: string;
  cancelLabel: string;
  saving: boolean;
  onSubmit: () => void;
  onDismiss: () => void;
  /** Notices first (conflict, refusal, system error), then the fields. */
  children: ReactNode;
}

/**
 * The one modal form of the console (issue 17, "shared form shells"): a large dialog whose footer has
 * Cancel and the primary button, a real <form> so Enter submits, the browser's own checks off (the
 * form's rules speak for themselves), and its parts spaced as one column.
 */
export function FormModal({ header, submitLabel, cancelLabel, saving, onSubmit, onDismiss, children }: FormModalProps) {
  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={header}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {cancelLabel}
            </Button>
            <Button variant="primary" loading={saving} onClick={onSubmit}>
              {submitLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Form>
          <SpaceBetween size="l">{children}</SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}
