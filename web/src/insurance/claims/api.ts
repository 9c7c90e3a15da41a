/**
 * Insurance claims and ERA posting (issue 16) for the console: /app/billings/insurance and
 * /app/billings/insurance_payments/new. Documents typed from schema.graphql (operations.generated.ts).
 */
import { call } from '../../settings/graphql';
import type { TypedDocument } from '../../platform/typed-document';
import type {
  ClaimFieldsFragment, ClaimStage, EraFieldsFragment,
  CorrectClaimMutation, CorrectClaimMutationVariables, CreateClaimsMutation, CreateClaimsMutationVariables, GetClaimFileQuery, GetClaimFileQueryVariables,
  ListEraCandidatesQuery, ListEraCandidatesQueryVariables, MarkEraItemNotOursMutation, MarkEraItemNotOursMutationVariables, MatchEraItemMutation, MatchEraItemMutationVariables,
  ListClaimableSessionsQuery, ListClaimableSessionsQueryVariables, ListClaimsQuery, ListClaimsQueryVariables, ListErasQuery, ListErasQueryVariables,
  PostEraMutation, PostEraMutationVariables, RefreshClaimStatusMutation, RefreshClaimStatusMutationVariables, RescrubClaimMutation, RescrubClaimMutationVariables,
  RetrieveErasMutation, RetrieveErasMutationVariables, SubmitClaimsMutation, SubmitClaimsMutationVariables, UploadEraMutation, UploadEraMutationVariables,
  VoidClaimMutation, VoidClaimMutationVariables,
} from '../../platform/operations.generated';

export type Claim = ClaimFieldsFragment;
export type Era = EraFieldsFragment;
export type HeldItem = Era['held'][number];
export type EraCandidate = ListEraCandidatesQuery['listEraCandidates'][number];
export type ClaimableSession = ListClaimableSessionsQuery['listClaimableSessions'][number];
export type { ClaimStage };

/** The stages the page offers as tabs, in the order a claim travels. */
export const STAGE_TABS: ClaimStage[] = ['scrub', 'prepared', 'submitted', 'accepted', 'rejected', 'paid', 'partiallyPaid', 'denied', 'voided'];

const CLAIM_FIELDS = /* GraphQL */ `
  fragment ClaimFields on Claim {
    id sessionLineId clientId clientName clinicianName serviceDate payerName memberId stage frequencyCode chargeCents diagnoses
    lines { procedureCode modifiers units chargeCents placeOfService }
    problems { rule severity field message }
    rejectionReason payerClaimNumber paidCents clientResponsibilityCents hasFile version
    history { from to event actor role at }
  }
`;

const ERA_FIELDS = /* GraphQL */ `
  fragment EraFields on EraPosting {
    id payerName traceNumber paymentDate totalPaidCents status source receivedAt postedAt balanced
    claims { claimId patientControlNumber kind paidCents clientResponsibilityCents nextStage matchedBy adjustments { group reason amountCents } remarks }
    held { reference amountCents reason item why payerClaimNumber patientName memberId serviceDates chargeCents resolution resolvedClaimId resolvedAt }
    providerAdjustments { kind amountCents note claimId }
  }
`;

const LIST = (/* GraphQL */ `
  query ListClaims($stage: ClaimStage!, $nextToken: String) {
    listClaims(stage: $stage, nextToken: $nextToken) { items { ...ClaimFields } nextToken }
  }
  ${CLAIM_FIELDS}
`) as TypedDocument<ListClaimsQuery, ListClaimsQueryVariables>;

const SESSIONS = (/* GraphQL */ `
  query ListClaimableSessions($from: AWSDate!, $to: AWSDate!) {
    listClaimableSessions(from: $from, to: $to) { id clientId clientName clinicianName date serviceCode amountCents placeOfService payerName }
  }
`) as TypedDocument<ListClaimableSessionsQuery, ListClaimableSessionsQueryVariables>;

const CREATE = (/* GraphQL */ `
  mutation CreateClaims($ids: [ID!]!) { createClaims(sessionLineIds: $ids) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<CreateClaimsMutation, CreateClaimsMutationVariables>;

const SUBMIT = (/* GraphQL */ `
  mutation SubmitClaims($ids: [ID!]!) { submitClaims(ids: $ids) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<SubmitClaimsMutation, SubmitClaimsMutationVariables>;

const REFRESH = (/* GraphQL */ `
  mutation RefreshClaimStatus($ids: [ID!]) { refreshClaimStatus(ids: $ids) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<RefreshClaimStatusMutation, RefreshClaimStatusMutationVariables>;

const RESCRUB = (/* GraphQL */ `
  mutation RescrubClaim($id: ID!) { rescrubClaim(id: $id) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<RescrubClaimMutation, RescrubClaimMutationVariables>;

const CORRECT = (/* GraphQL */ `
  mutation CorrectClaim($id: ID!) { correctClaim(id: $id) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<CorrectClaimMutation, CorrectClaimMutationVariables>;

const VOID = (/* GraphQL */ `
  mutation VoidClaim($id: ID!) { voidClaim(id: $id) { ...ClaimFields } }
  ${CLAIM_FIELDS}
`) as TypedDocument<VoidClaimMutation, VoidClaimMutationVariables>;

const FILE = (/* GraphQL */ `
  query GetClaimFile($id: ID!, $format: ClaimFileFormat!) { getClaimFile(id: $id, format: $format) { fileName contentType base64 } }
`) as TypedDocument<GetClaimFileQuery, GetClaimFileQueryVariables>;

const ERAS = (/* GraphQL */ `
  query ListEras { listEras { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<ListErasQuery, ListErasQueryVariables>;

const RETRIEVE = (/* GraphQL */ `
  mutation RetrieveEras { retrieveEras { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<RetrieveErasMutation, RetrieveErasMutationVariables>;

const UPLOAD = (/* GraphQL */ `
  mutation UploadEra($x12: String!) { uploadEra(x12: $x12) { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<UploadEraMutation, UploadEraMutationVariables>;

const POST = (/* GraphQL */ `
  mutation PostEra($id: ID!) { postEra(id: $id) { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<PostEraMutation, PostEraMutationVariables>;

const CANDIDATES = (/* GraphQL */ `
  query ListEraCandidates($eraId: ID!, $item: Int!) {
    listEraCandidates(eraId: $eraId, item: $item) { claimId clientName memberId serviceDate chargeCents stage payerName reasons daysApart }
  }
`) as TypedDocument<ListEraCandidatesQuery, ListEraCandidatesQueryVariables>;

const MATCH = (/* GraphQL */ `
  mutation MatchEraItem($eraId: ID!, $item: Int!, $claimId: ID!) { matchEraItem(eraId: $eraId, item: $item, claimId: $claimId) { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<MatchEraItemMutation, MatchEraItemMutationVariables>;

const NOT_OURS = (/* GraphQL */ `
  mutation MarkEraItemNotOurs($eraId: ID!, $item: Int!) { markEraItemNotOurs(eraId: $eraId, item: $item) { ...EraFields } }
  ${ERA_FIELDS}
`) as TypedDocument<MarkEraItemNotOursMutation, MarkEraItemNotOursMutationVariables>;

export const listClaims = (stage: ClaimStage, nextToken: string | null) => call(LIST, { stage, nextToken }, (d) => d.listClaims);
export const listClaimableSessions = (from: string, to: string) => call(SESSIONS, { from, to }, (d) => d.listClaimableSessions);
export const createClaims = (ids: string[]) => call(CREATE, { ids }, (d) => d.createClaims);
export const submitClaims = (ids: string[]) => call(SUBMIT, { ids }, (d) => d.submitClaims);
export const refreshClaimStatus = (ids: string[] | null) => call(REFRESH, { ids }, (d) => d.refreshClaimStatus);
export const rescrubClaim = (id: string) => call(RESCRUB, { id }, (d) => d.rescrubClaim);
export const correctClaim = (id: string) => call(CORRECT, { id }, (d) => d.correctClaim);
export const voidClaim = (id: string) => call(VOID, { id }, (d) => d.voidClaim);
export const getClaimFile = (id: string, format: 'X12' | 'CMS1500') => call(FILE, { id, format }, (d) => d.getClaimFile);
export const listEras = () => call(ERAS, {}, (d) => d.listEras);
export const retrieveEras = () => call(RETRIEVE, {}, (d) => d.retrieveEras);
export const uploadEra = (x12: string) => call(UPLOAD, { x12 }, (d) => d.uploadEra);
export const postEra = (id: string) => call(POST, { id }, (d) => d.postEra);
export const listEraCandidates = (eraId: string, item: number) => call(CANDIDATES, { eraId, item }, (d) => d.listEraCandidates);
export const matchEraItem = (eraId: string, item: number, claimId: string) => call(MATCH, { eraId, item, claimId }, (d) => d.matchEraItem);
export const markEraItemNotOurs = (eraId: string, item: number) => call(NOT_OURS, { eraId, item }, (d) => d.markEraItemNotOurs);

/** Saves a file the API answered (base64) through a download link. */
export function download(file: { fileName: string; contentType: string; base64: string }): void {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
