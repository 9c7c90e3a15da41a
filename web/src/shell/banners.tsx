import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { useBannerList, useBanners, type Banner, type BannerType } from './banner-state';

export * from './banner-state';

/** Flashbar has no 'cancel' type: a cancelled action is shown as neutral information. */
const flashType = (type: BannerType): FlashbarProps.Type => (type === 'cancel' ? 'info' : type);

function BannerContent({ banner }: { banner: Banner }) {
  const [expanded, setExpanded] = useState(false);
  const { t, tm } = useI18n();
  const content = typeof banner.content === 'string' ? tm(banner.content) : banner.content;
  if (!banner.detail) return <>{content}</>;
  return (
    <>
      {content}
      <Button variant="inline-icon" iconName="status-info" ariaLabel={t('banner.showDetails')} ariaExpanded={expanded} onClick={() => setExpanded((open) => !open)} />
      {expanded && (
        <Box variant="p" color="inherit">
          {typeof banner.detail === 'string' ? tm(banner.detail) : banner.detail}
        </Box>
      )}
    </>
  );
}

/** The banner area: a Flashbar for the AppLayout `notifications` slot. */
export function BannerFlashbar() {
  const banners = useBannerList();
  const { dismiss } = useBanners();
  const { t } = useI18n();
  return (
    <Flashbar
      items={banners.map((banner) => ({
        id: banner.id,
        type: flashType(banner.type),
        ariaRole: banner.type === 'error' ? 'alert' : 'status',
        content: <BannerContent banner={banner} />,
        dismissible: true,
        dismissLabel: t('banner.dismiss'),
        onDismiss: () => dismiss(banner.id),
      }))}
    />
  );
}
