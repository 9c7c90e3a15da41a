import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useT } from '../i18n/I18nProvider';

export function SessionSpinner() {
  const t = useT();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <StatusIndicator type="loading">{t('signin.checkingSession')}</StatusIndicator>
    </div>
  );
}
