import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGES } from '../../../domain/messages';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/pages/signup';

/** The User Already Exists modal (spec part 1 §2, §8): reuse the app account (Yes) or start over (No). */
export function UserExistsModal({ busy, onYes, onNo }: { busy: boolean; onYes(): void; onNo(): void }) {
  const { t, tm } = useI18n();
  return (
    <Modal
      visible
      closeAriaLabel={t('common.close')}
      header={t('userExists.title')}
      onDismiss={onNo}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={onNo}>{t('common.no')}</Button>
            <Button variant="primary" loading={busy} onClick={onYes}>
              {t('common.yes')}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {tm(MESSAGES.userAlreadyExists)}
    </Modal>
  );
}
