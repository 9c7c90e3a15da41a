import { useEffect, useState } from 'react';
import { usePortalI18n } from '../i18n';

/** An otpauth:// URI as a QR code image; `qrcode` loads only when an enrolment shows it. */
export function QrCode({ uri }: { uri: string }) {
  const { t } = usePortalI18n();
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
  if (failed) return <p>{t('clientPortal.mfa.qrFailed')}</p>;
  if (!src) return <p role="status">{t('clientPortal.loading')}</p>;
  return <img className="cp-qr" src={src} width={200} height={200} alt={t('clientPortal.mfa.qrAlt')} />;
}
