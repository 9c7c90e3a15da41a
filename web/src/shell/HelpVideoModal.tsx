import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';
import { useT } from '../i18n/I18nProvider';
import '../i18n/pages/console-help';

/** Spec part 2 §9: the help video modal is 500 px high. */
export const HELP_VIDEO_HEIGHT = 500;

/**
 * The appointment route's help video. We ship no video file yet, so the modal says so; Escape,
 * the close button and the overlay close it (Cloudscape Modal).
 */
export function HelpVideoModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal visible={visible} onDismiss={onClose} header={t('helpVideo.title')} closeAriaLabel={t('helpVideo.close')}>
      <div style={{ height: HELP_VIDEO_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box textAlign="center">
          <Box variant="p">{t('helpVideo.text')}</Box>
          <Box variant="p" color="text-body-secondary">
            {t('helpVideo.untilThen')}
          </Box>
        </Box>
      </div>
    </Modal>
  );
}
