import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import { useT } from '../i18n/I18nProvider';

/** The warning before the automatic logoff (auth/idleLogoff.tsx); any input also keeps the session. */
export default function IdleWarning({ secondsLeft, onStay }: { secondsLeft: number; onStay(): void }) {
  const t = useT();
  return (
    <Modal
      visible
      closeAriaLabel={t('common.close')}
      header={t('idle.title')}
      onDismiss={onStay}
      footer={
        <Box float="right">
          <Button variant="primary" onClick={onStay}>
            {t('idle.stay')}
          </Button>
        </Box>
      }
    >
      {t('idle.text', { count: secondsLeft })}
    </Modal>
  );
}
