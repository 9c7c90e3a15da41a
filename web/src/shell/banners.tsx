import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Flashbar, { type FlashbarProps } from '@cloudscape-design/components/flashbar';
import { useState } from 'react';
import { useBannerList, useBanners, type Banner, type BannerType } from './banner-state';

export * from './banner-state';

/** Flashbar has no 'cancel' type: a cancelled action is shown as neutral information. */
const flashType = (type: BannerType): FlashbarProps.Type => (type === 'cancel' ? 'info' : type);

function BannerContent({ banner }: { banner: Banner }) {
  const [expanded, setExpanded] = useState(false);
  if (!banner.detail) return <>{banner.content}</>;
  return (
    <>
      {banner.content}
      <Button variant="inline-icon" iconName="status-info" ariaLabel="Show details" ariaExpanded={expanded} onClick={() => setExpanded((open) => !open)} />
      {expanded && (
        <Box variant="p" color="inherit">
          {banner.detail}
        </Box>
      )}
    </>
  );
}

/** The banner area: a Flashbar for the AppLayout `notifications` slot. */
export function BannerFlashbar() {
  const banners = useBannerList();
  const { dismiss } = useBanners();
  return (
    <Flashbar
      items={banners.map((banner) => ({
        id: banner.id,
        type: flashType(banner.type),
        ariaRole: banner.type === 'error' ? 'alert' : 'status',
        content: <BannerContent banner={banner} />,
        dismissible: true,
        dismissLabel: 'Dismiss',
        onDismiss: () => dismiss(banner.id),
      }))}
    />
  );
}
