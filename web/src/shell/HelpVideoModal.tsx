import Box from '@cloudscape-design/components/box';
import Modal from '@cloudscape-design/components/modal';

/** Spec part 2 §9: the help video modal is 500 px high. */
export const HELP_VIDEO_HEIGHT = 500;

/**
 * The appointment route's help video. We ship no video file yet, so the modal says so; Escape,
 * the close button and the overlay close it (Cloudscape Modal).
 */
export function HelpVideoModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  return (
    <Modal visible={visible} onDismiss={onClose} header="Appointments: video guide" closeAriaLabel="Close video">
      <div style={{ height: HELP_VIDEO_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box textAlign="center">
          <Box variant="p">A short video on scheduling, rescheduling and starting telehealth sessions will be added here.</Box>
          <Box variant="p" color="text-body-secondary">
            Until then, the help panel (the help icon in the top bar) explains the calendar.
          </Box>
        </Box>
      </div>
    </Modal>
  );
}
