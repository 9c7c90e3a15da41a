import Badge from '@cloudscape-design/components/badge';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';

/** The side menu's unread count on Telehealth (issue 12), read out as "N unread messages". */
export function UnreadBadge({ count }: { count: number }) {
  const t = useT();
  return (
    <span aria-label={t('messaging.topbar', { count })} role="status">
      <Badge color="red">{count}</Badge>
    </span>
  );
}
