import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MESSAGE_NOTICE_RANGE, REMINDER_LEAD_RANGE, validateNotificationSettings } from '../../../domain/notifications';
import { useT } from '../i18n/I18nProvider';
import '../i18n/portal-messages';
import { useBanners } from '../shell/banners';
import { FlagField, SelectField, TextField, fieldsOf, type FieldKind } from './form';
import { editNotificationSettings, getNotificationSettings } from './notifications-api';
import { SettingsFormShell } from './SettingsFormShell';
import { useSettingsForm } from './useSettingsForm';
import '../i18n/features/settings';

const FIELDS: Record<string, FieldKind> = {
  ...fieldsOf('flag', ['appointmentReminders', 'messageNotifications']),
  ...fieldsOf('int', ['reminderLeadMinutes', 'messageNotificationMinutes']),
  ...fieldsOf('text', ['reminderChannel']),
};

/**
 * Settings → Notifications (spec part 2 §1; issue 12): whether appointment reminders go out, how
 * long before and by which channel, and whether clients are told of a new secure message (never its
 * text) with the quiet period between two such notices. The reminder job and the messaging Lambda
 * read these; owner and clinician admin change them (the API refuses the others).
 */
export default function NotificationsPage() {
  const t = useT();
  const banners = useBanners();
  const form = useSettingsForm({ fields: FIELDS, load: getNotificationSettings });
  const common = form.fieldProps;
  const channels = [
    { value: 'EMAIL', label: t('settings.notifications.channel.email') },
    { value: 'SMS', label: t('settings.notifications.channel.sms') },
  ];

  const submit = async () => {
    if (await form.submit(validateNotificationSettings, editNotificationSettings)) banners.show('success', t('settings.notifications.saved'));
  };

  return (
    <SettingsFormShell form={form} title={t('settings.notifications.title')} onSubmit={() => void submit()}>
      <Box variant="p">{t('settings.notifications.intro')}</Box>
      <Container header={<Header variant="h2">{t('settings.notifications.section.reminders')}</Header>}>
        <SpaceBetween size="m">
          <FlagField path="appointmentReminders" label={t('settings.notifications.appointmentReminders')} {...common} />
          <ColumnLayout columns={2}>
            <TextField
              path="reminderLeadMinutes"
              label={t('settings.notifications.reminderLead')}
              constraint={t('settings.billing.range', { min: String(REMINDER_LEAD_RANGE.min), max: String(REMINDER_LEAD_RANGE.max) })}
              {...common}
            />
            <SelectField path="reminderChannel" label={t('settings.notifications.reminderChannel')} options={channels} {...common} />
          </ColumnLayout>
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">{t('settings.notifications.section.messages')}</Header>}>
        <SpaceBetween size="m">
          <FlagField path="messageNotifications" label={t('settings.notifications.messageNotifications')} {...common} />
          <TextField
            path="messageNotificationMinutes"
            label={t('settings.notifications.messageQuiet')}
            constraint={t('settings.billing.range', { min: String(MESSAGE_NOTICE_RANGE.min), max: String(MESSAGE_NOTICE_RANGE.max) })}
            {...common}
          />
        </SpaceBetween>
      </Container>
    </SettingsFormShell>
  );
}
