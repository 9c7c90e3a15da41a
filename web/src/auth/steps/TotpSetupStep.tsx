import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { CodeField } from './CodeStep';
import { useT } from '../../i18n/I18nProvider';
import { OTP_LENGTH } from '../validation';
import { StepForm } from './StepForm';

interface Props {
  setupUri: string;
  secret: string;
  busy: boolean;
  error: string | null;
  onSubmit(code: string): void;
  onBack(): void;
  /** Switch to text-message codes instead (spec part 1 §4.4 offers both). */
  onUseSms?: () => void;
}

/** Renders the otpauth:// URI as a QR code image; `qrcode` is loaded only when this step shows. */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const t = useT();
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
  if (failed) return <StatusIndicator type="warning">{t('signin.totp.qrFailed')}</StatusIndicator>;
  if (!src) return <StatusIndicator type="loading">{t('signin.totp.qrLoading')}</StatusIndicator>;
  return <img src={src} width={200} height={200} alt={t('signin.totp.qrAlt')} />;
}

/** First-time multi-factor setup with an authenticator app (spec part 1 §4.4). */
export function TotpSetupStep({ setupUri, secret, busy, error, onSubmit, onBack, onUseSms }: Props) {
  const [code, setCode] = useState('');
  const t = useT();
  return (
    <StepForm submitLabel={t('signin.verify')} busy={busy} error={error} onSubmit={() => onSubmit(code)} onBack={onBack}>
      <Box variant="p">{t('signin.totp.intro')}</Box>
      <QrCode uri={setupUri} />
      <ExpandableSection headerText={t('signin.totp.manual')}>
        <Box variant="code">{secret}</Box>
      </ExpandableSection>
      <CodeField value={code} onChange={setCode} description={t('signin.code.fromApp', { digits: OTP_LENGTH })} />
      {onUseSms && (
        <Button formAction="none" variant="inline-link" onClick={onUseSms}>
          {t('signin.totp.useSms')}
        </Button>
      )}
    </StepForm>
  );
}
