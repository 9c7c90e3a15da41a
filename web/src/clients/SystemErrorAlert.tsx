import Alert from '@cloudscape-design/components/alert';
import Icon from '@cloudscape-design/components/icon';
import Popover from '@cloudscape-design/components/popover';
import { MESSAGES } from '../../../domain/messages';

/** Spec part 2 §8: a failed data call's banner, with the server's message behind the info icon. */
export function SystemErrorAlert({ detail, onDismiss }: { detail: string; onDismiss?: () => void }) {
  return (
    <Alert type="error" dismissible={Boolean(onDismiss)} onDismiss={onDismiss}>
      {MESSAGES.systemError}
      <Popover header="Details" content={detail || MESSAGES.defaultError} triggerType="custom" dismissButton={false}>
        <button type="button" aria-label="Error details" style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}>
          <Icon name="status-info" />
        </button>
      </Popover>
    </Alert>
  );
}
