import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { PHOTO_RULES } from '../../../domain/profile';
import { confirmProfilePhoto, getProfilePhotoUploadUrl, getProfilePhotoUrl, putToPresignedUrl } from './api';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/profile';

/** The browser's check before asking for an upload URL (the API checks the same, and the bytes). */
export function photoProblem(file: { type: string; name: string; size: number }): string | null {
  const jpg = file.type === PHOTO_RULES.contentType || (file.type === '' && /\.jpe?g$/i.test(file.name));
  if (!jpg) return PHOTO_RULES.wrongType;
  if (file.size >= PHOTO_RULES.maxBytes) return PHOTO_RULES.tooLarge;
  return null;
}

/** The profile photo: shown from a short-lived presigned URL; a new JPG replaces it. */
export function PhotoUpload({ hasPhoto, onUploaded }: { hasPhoto: boolean; onUploaded: () => void }) {
  const { t, tm } = useI18n();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!hasPhoto && generation === 0) return;
    let live = true;
    getProfilePhotoUrl()
      .then((signed) => live && setUrl(signed?.url ?? null))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [hasPhoto, generation]);

  const upload = async (file: File) => {
    const problem = photoProblem(file);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const target = await getProfilePhotoUploadUrl(PHOTO_RULES.contentType, file.size);
      await putToPresignedUrl(target.url, file);
      await confirmProfilePhoto(target.key);
      setGeneration((g) => g + 1);
      onUploaded();
    } catch (caught) {
      setError((caught as Error).message || t('profile.photoFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween size="s">
      {url ? <img src={url} alt={t('profile.photoAlt')} style={{ width: 120, height: 120, objectFit: 'cover', borderRadius: '50%' }} /> : <Box color="text-body-secondary">{t('profile.noPhoto')}</Box>}
      <FormField label={t('profile.uploadPhoto')} constraintText={t('profile.photoHint')} errorText={error ? tm(error) : undefined}>
        <input
          type="file"
          accept=".jpg,.jpeg,image/jpeg"
          aria-label={t('profile.uploadPhoto')}
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
      </FormField>
      {busy && <Alert type="info">{t('profile.uploading')}</Alert>}
    </SpaceBetween>
  );
}
