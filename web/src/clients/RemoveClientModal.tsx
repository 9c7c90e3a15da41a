import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { removeClient, toApiError, type ApiError, type Client } from './api';
import { CLIENT_MESSAGE_KEYS, clientName } from './client-fields';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

export interface RemoveClientModalProps {
  client: Client;
  onDismiss: () => void;
  onRemoved: (client: Client) => void;
  onFailed: (error: ApiError) => void;
}

/** "Remove <first last>?" — and what removing (archiving) means — before anything is sent. */
export function RemoveClientModal({ client, onDismiss, onRemoved, onFailed }: RemoveClientModalProps) {
  const [busy, setBusy] = useState(false);
  const t = useT();
  const confirm = async () => {
    setBusy(true);
    try {
      await removeClient(client.id);
      onRemoved(client);
    } catch (caught) {
      onFailed(toApiError(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      visible
      onDismiss={onDismiss}
      header={t('clients.removeTitle', { name: clientName(client) })}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onDismiss}>
              {t('clients.form.cancel')}
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void confirm()}>
              {t('clients.remove')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {t(CLIENT_MESSAGE_KEYS.removeExplained)}
    </Modal>
  );
}
