/** The practice's notification choices (/app/settings/notifications): getNotificationSettings, editNotificationSettings (versioned). */
import type { GetNotificationSettingsQuery, GetNotificationSettingsQueryVariables, EditNotificationSettingsMutation, EditNotificationSettingsMutationVariables } from '../platform/operations.generated';
import type { TypedDocument } from '../platform/typed-document';
import { call } from './graphql';

export type NotificationSettings = GetNotificationSettingsQuery['getNotificationSettings'];

const GET = (/* GraphQL */ `
  query GetNotificationSettings {
    getNotificationSettings { therapistId updatedAt version appointmentReminders reminderLeadMinutes reminderChannel messageNotifications messageNotificationMinutes }
  }
`) as TypedDocument<GetNotificationSettingsQuery, GetNotificationSettingsQueryVariables>;

const EDIT = (/* GraphQL */ `
  mutation EditNotificationSettings($version: Int!, $input: NotificationSettingsInput!) {
    editNotificationSettings(version: $version, input: $input) { therapistId updatedAt version appointmentReminders reminderLeadMinutes reminderChannel messageNotifications messageNotificationMinutes }
  }
`) as TypedDocument<EditNotificationSettingsMutation, EditNotificationSettingsMutationVariables>;

export function getNotificationSettings(): Promise<NotificationSettings> {
  return call(GET, {}, (d) => d.getNotificationSettings);
}

export function editNotificationSettings(version: number, input: Record<string, unknown>): Promise<NotificationSettings> {
  return call(EDIT, { version, input }, (d) => d.editNotificationSettings);
}
