import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { CodeField } from './CodeStep';
import { StepForm } from './StepForm';

interface Props {
  setupUri: string;
  secret: string;
  busy: boolean;
  error: string | null;
  onSubmit(code: string): void;
  onBack(): void;
}

/** Renders the otpauth:// URI as a QR code image; `qrcode` is loaded only when this step shows. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((mod) => (mod.default ?? mod).toDataURL(uri, { margin: 1, width: 200 }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uri]);
  if (failed) return <StatusIndicator type="warning">Use the setup key below instead.</StatusIndicator>;
  if (!src) return <StatusIndicator type="loading">Preparing QR code</StatusIndicator>;
  return <img src={src} width={200} height={200} alt="QR code for your authenticator app" />;
}

/** First-time multi-factor setup with an authenticator app (spec part 1 §4.4). */
export function TotpSetupStep({ setupUri, secret, busy, error, onSubmit, onBack }: Props) {
  const [code, setCode] = useState('');
  return (
    <StepForm submitLabel="Verify" busy={busy} error={error} onSubmit={() => onSubmit(code)} onBack={onBack}>
      <Box variant="p">
        Multi-factor authentication is required. Scan this QR code with an authenticator app (for example Google
        Authenticator or Microsoft Authenticator), then enter the code it shows.
      </Box>
      <QrCode uri={setupUri} />
      <ExpandableSection headerText="Can't scan the code? Enter the setup key manually">
        <Box variant="code">{secret}</Box>
      </ExpandableSection>
      <CodeField value={code} onChange={setCode} description="Enter the 6-digit code from your authenticator app." />
    </StepForm>
  );
}
