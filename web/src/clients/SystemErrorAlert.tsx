import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';

/**
 * Spec part 2 §8's system-error banner inside a modal, where the portal's banners (shell/banners)
 * would sit behind the overlay; same words, and the server's message behind the info icon.
 */
export function SystemErrorAlert({ detail, onDismiss }: { detail: string; onDismiss?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Alert type="error" dismissible={Boolean(onDismiss)} onDismiss={onDismiss}>
      {MESSAGES.systemError}
      <Button variant="inline-icon" iconName="status-info" ariaLabel="Show details" ariaExpanded={expanded} onClick={() => setExpanded((open) => !open)} />
      {expanded && (
        <Box variant="p" color="inherit">
          {detail || MESSAGES.defaultError}
        </Box>
      )}
    </Alert>
  );
}
