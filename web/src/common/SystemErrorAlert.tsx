import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { useI18n } from '../i18n/I18nProvider';
import { ApiError } from '../clients/api';

/**
 * The server's refusals of a request (a rule of the spec, a changed record, something not found or
 * not allowed): their message is for the person and is shown as it is. Anything else (a Lambda
 * crash, a network failure, an unexpected type) is a system error.
 */
const REFUSAL_TYPES = ['ValidationError', 'ConflictError', 'BadRequest', 'NotFound', 'Unauthorized', 'PaymentError', 'PaymentUnavailable'];

export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && REFUSAL_TYPES.includes(error.errorType) && error.message.trim() !== '';
}

/**
 * Spec part 2 §8's system-error banner inside a modal, where the portal's banners (shell/banners)
 * would sit behind the overlay; same words, and the server's message behind the info icon. Given
 * a refusal (isRefusal), it shows the refusal's message itself, in place, not the system banner.
 */
export function SystemErrorAlert({ detail, onDismiss }: { detail: string | ApiError; onDismiss?: () => void }) {
  const { t, tm } = useI18n();
  const [expanded, setExpanded] = useState(false);
  if (isRefusal(detail)) {
    return (
      <Alert type="error" dismissible={Boolean(onDismiss)} onDismiss={onDismiss}>
        {tm((detail as ApiError).message)}
      </Alert>
    );
  }
  const text = typeof detail === 'string' ? detail : detail.message;
  return (
    <Alert type="error" dismissible={Boolean(onDismiss)} onDismiss={onDismiss}>
      {tm(MESSAGES.systemError)}
      <Button variant="inline-icon" iconName="status-info" ariaLabel={t('banner.showDetails')} ariaExpanded={expanded} onClick={() => setExpanded((open) => !open)} />
      {expanded && (
        <Box variant="p" color="inherit">
          {text || tm(MESSAGES.defaultError)}
        </Box>
      )}
    </Alert>
  );
}
