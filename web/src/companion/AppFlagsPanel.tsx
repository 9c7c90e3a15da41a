/**
 * The practice's per-app hide flags on an app page (issue 14): hide the app's communities, its food
 * and its physical-activity sections for the practice's clients. Shown to the practice-settings
 * holders (owner, admins) — the server refuses anyone else (setAppHideFlags) and enforces the flags
 * on the apps' posts and the practice's reads (functions/companion/flags.ts).
 */
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useEffect, useState } from 'react';
import { APP_LIST_KEY, type CompanionApp } from '../../../domain/companion/apps';
import { useI18n } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import '../i18n/features/companion';
import { reportApiError } from '../shell/banners';
import { getAppHideFlags, setAppHideFlags, type HideFlags } from './api';

export function AppFlagsPanel({ app }: { app: CompanionApp }) {
  const { t } = useI18n();
  const key = APP_LIST_KEY[app];
  const [flags, setFlags] = useState<HideFlags | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    setFlags(null);
    getAppHideFlags(key).then(setFlags, reportApiError);
  }, [key]);
  if (!flags) return null;
  const change = (patch: Partial<HideFlags>) => {
    setSaved(false);
    setFlags({ ...flags, ...patch });
  };
  const save = () => {
    setSaving(true);
    setAppHideFlags(flags).then((out) => { setFlags(out); setSaved(true); }, reportApiError).finally(() => setSaving(false));
  };
  return (
    <Container header={<Header variant="h2" description={t('companion.flags.description')}>{t('companion.flags.header')}</Header>}>
      <SpaceBetween size="s">
        <Checkbox checked={flags.hideCommunities} onChange={({ detail }) => change({ hideCommunities: detail.checked })}>{t('companion.flags.hideCommunities')}</Checkbox>
        <Checkbox checked={flags.food} onChange={({ detail }) => change({ food: detail.checked })}>{t('companion.flags.hideFood')}</Checkbox>
        <Checkbox checked={flags.physicalActivity} onChange={({ detail }) => change({ physicalActivity: detail.checked })}>{t('companion.flags.hidePhysicalActivity')}</Checkbox>
        <SpaceBetween size="s" direction="horizontal">
          <Button onClick={save} loading={saving}>{t('companion.flags.save')}</Button>
          {saved ? <StatusIndicator type="success">{t('companion.flags.saved')}</StatusIndicator> : null}
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}
