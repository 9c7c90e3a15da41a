import StatusIndicator from '@cloudscape-design/components/status-indicator';

export function SessionSpinner() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <StatusIndicator type="loading">Checking your session</StatusIndicator>
    </div>
  );
}
