/**
 * Companion apps (issue 14) for the console: a client's sharing per app and the invitation to share,
 * an app page's clients, a sharing client's entries (20 a page) and stats. Documents typed from
 * schema.graphql (platform/operations.generated.ts).
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  CompanionApp,
  CompanionEntryType,
  GetClientCompanionEntriesQuery,
  GetClientCompanionEntriesQueryVariables,
  GetClientCompanionStatsQuery,
  GetClientCompanionStatsQueryVariables,
  GetCompanionSharingQuery,
  GetCompanionSharingQueryVariables,
  InviteClientToShareMutation,
  InviteClientToShareMutationVariables,
  ListCompanionClientsQuery,
  ListCompanionClientsQueryVariables,
  AppHideFlagsQuery,
  AppHideFlagsQueryVariables,
  SetAppHideFlagsMutation,
  SetAppHideFlagsMutationVariables,
} from '../platform/operations.generated';

export type { CompanionApp, CompanionEntryType };
export type ClientShare = GetCompanionSharingQuery['getCompanionSharing'][number];
export type AppClient = ListCompanionClientsQuery['listCompanionClients'][number];
export type EntryPage = GetClientCompanionEntriesQuery['getClientCompanionEntries'];
export type Entry = EntryPage['items'][number];
export type Stats = GetClientCompanionStatsQuery['getClientCompanionStats'];

const SHARING = (/* GraphQL */ `
  query GetCompanionSharing($clientId: ID!) {
    getCompanionSharing(clientId: $clientId) { clientId app state invitedAt sharedAt stoppedAt lastEntryDate lastHighUrgeDate }
  }
`) as TypedDocument<GetCompanionSharingQuery, GetCompanionSharingQueryVariables>;

const INVITE = (/* GraphQL */ `
  mutation InviteClientToShare($clientId: ID!, $apps: [CompanionApp!]!, $channel: CompanionChannel) {
    inviteClientToShare(clientId: $clientId, apps: $apps, channel: $channel) {
      code validUntil channel apps
      shares { clientId app state invitedAt sharedAt stoppedAt lastEntryDate lastHighUrgeDate }
    }
  }
`) as TypedDocument<InviteClientToShareMutation, InviteClientToShareMutationVariables>;

const CLIENTS = (/* GraphQL */ `
  query ListCompanionClients($app: CompanionApp!) {
    listCompanionClients(app: $app) { clientId clientName app state sharedAt stoppedAt lastEntryDate lastHighUrgeDate }
  }
`) as TypedDocument<ListCompanionClientsQuery, ListCompanionClientsQueryVariables>;

const ENTRIES = (/* GraphQL */ `
  query GetClientCompanionEntries($clientId: ID!, $app: CompanionApp!, $type: CompanionEntryType, $from: AWSDate, $to: AWSDate, $nextToken: String) {
    getClientCompanionEntries(clientId: $clientId, app: $app, type: $type, from: $from, to: $to, nextToken: $nextToken) {
      items { id app type date recordedAt data }
      nextToken
    }
  }
`) as TypedDocument<GetClientCompanionEntriesQuery, GetClientCompanionEntriesQueryVariables>;

const STATS = (/* GraphQL */ `
  query GetClientCompanionStats($clientId: ID!, $app: CompanionApp!, $from: AWSDate, $to: AWSDate) {
    getClientCompanionStats(clientId: $clientId, app: $app, from: $from, to: $to) {
      from to entryCount currentStreak longestStreak
      days { date emotions { name value } urges { name value } mood }
      skills { name count }
      thoughtChanges { date emotion before after }
      highUrgeDates
    }
  }
`) as TypedDocument<GetClientCompanionStatsQuery, GetClientCompanionStatsQueryVariables>;

export const getCompanionSharing = (clientId: string) => call(SHARING, { clientId }, (d) => d.getCompanionSharing);
export const inviteClientToShare = (clientId: string, apps: CompanionApp[], channel: 'EMAIL' | 'SMS') =>
  call(INVITE, { clientId, apps, channel }, (d) => d.inviteClientToShare);
export const listCompanionClients = (app: CompanionApp) => call(CLIENTS, { app }, (d) => d.listCompanionClients);
export const getClientEntries = (v: GetClientCompanionEntriesQueryVariables) => call(ENTRIES, v, (d) => d.getClientCompanionEntries);
export const getClientStats = (v: GetClientCompanionStatsQueryVariables) => call(STATS, v, (d) => d.getClientCompanionStats);

const FLAGS = (/* GraphQL */ `
  query AppHideFlags {
    getHideCommunitiesForApps { app hide }
    getHideHealthNutritionForApps { app food physicalActivity }
  }
`) as TypedDocument<AppHideFlagsQuery, AppHideFlagsQueryVariables>;

const SET_FLAGS = (/* GraphQL */ `
  mutation SetAppHideFlags($input: AppHideFlagsInput!) {
    setAppHideFlags(input: $input) { app hideCommunities food physicalActivity }
  }
`) as TypedDocument<SetAppHideFlagsMutation, SetAppHideFlagsMutationVariables>;

export type HideFlags = SetAppHideFlagsMutation['setAppHideFlags'];

/** One app-list key's flags (ACT, DBT, IFS, CBT, COACH, MI) from the practice's two flag lists. */
export const getAppHideFlags = (key: string) =>
  call(FLAGS, {}, (d): HideFlags => {
    const health = d.getHideHealthNutritionForApps.find((f) => f.app === key);
    return { app: key, hideCommunities: d.getHideCommunitiesForApps.some((f) => f.app === key && f.hide), food: health?.food ?? false, physicalActivity: health?.physicalActivity ?? false };
  });
export const setAppHideFlags = (input: HideFlags) =>
  call(SET_FLAGS, { input: { app: input.app, hideCommunities: input.hideCommunities, food: input.food, physicalActivity: input.physicalActivity } }, (d) => d.setAppHideFlags);
