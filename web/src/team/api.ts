/**
 * Team members (schema.graphql TeamMember; listTeamMembers, addTeamMember, editTeamMember,
 * removeTeamMember). The documents are typed from the generated operation types
 * (platform/typed-document.ts), so a schema change that breaks a page fails the type check.
 */
import { call } from '../settings/graphql';
import type { TypedDocument } from '../platform/typed-document';
import type {
  AddTeamMemberMutation,
  AddTeamMemberMutationVariables,
  ClinicianInfoInput,
  EditTeamMemberMutation,
  EditTeamMemberMutationVariables,
  ListTeamMembersQuery,
  ListTeamMembersQueryVariables,
  MemberDetailInput,
  RemoveTeamMemberMutation,
  RemoveTeamMemberMutationVariables,
  TeamMemberFieldsFragment,
} from '../platform/operations.generated';

export type TeamMember = TeamMemberFieldsFragment;
export type MemberDetail = MemberDetailInput;
export type ClinicianInfo = ClinicianInfoInput;
export type RemoveTeamMemberResult = RemoveTeamMemberMutation['removeTeamMember'];

const FIELDS = /* GraphQL */ `
  fragment TeamMemberFields on TeamMember {
    id cognitoId teamOwnerId firstName lastName email grantedRoles licenseType licenseNo licenseExpires npiNo specialty
  }
`;

const LIST_TEAM_MEMBERS = (/* GraphQL */ `
  query ListTeamMembers($nextToken: String) {
    listTeamMembers(nextToken: $nextToken) { items { ...TeamMemberFields } nextToken }
  }
  ${FIELDS}
`) as TypedDocument<ListTeamMembersQuery, ListTeamMembersQueryVariables>;

const ADD_TEAM_MEMBER = (/* GraphQL */ `
  mutation AddTeamMember($memberDetail: MemberDetailInput!, $grantedRoles: [String!]!, $clinicianInfo: ClinicianInfoInput) {
    addTeamMember(memberDetail: $memberDetail, grantedRoles: $grantedRoles, clinicianInfo: $clinicianInfo) { ...TeamMemberFields }
  }
  ${FIELDS}
`) as TypedDocument<AddTeamMemberMutation, AddTeamMemberMutationVariables>;

const EDIT_TEAM_MEMBER = (/* GraphQL */ `
  mutation EditTeamMember($id: ID!, $memberDetail: MemberDetailInput!, $grantedRoles: [String!]!, $clinicianInfo: ClinicianInfoInput) {
    editTeamMember(id: $id, memberDetail: $memberDetail, grantedRoles: $grantedRoles, clinicianInfo: $clinicianInfo) { ...TeamMemberFields }
  }
  ${FIELDS}
`) as TypedDocument<EditTeamMemberMutation, EditTeamMemberMutationVariables>;

const REMOVE_TEAM_MEMBER = (/* GraphQL */ `
  mutation RemoveTeamMember($id: ID!) {
    removeTeamMember(id: $id) { id message status }
  }
`) as TypedDocument<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>;

/** Every member of the practice (the server pages by 20; teams are small, so all pages are read). */
export async function listAllTeamMembers(): Promise<TeamMember[]> {
  const all: TeamMember[] = [];
  let nextToken: string | null = null;
  do {
    const page: ListTeamMembersQuery['listTeamMembers'] = await call(LIST_TEAM_MEMBERS, { nextToken }, (d) => d.listTeamMembers);
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

export function addTeamMember(memberDetail: MemberDetail, grantedRoles: string[], clinicianInfo: ClinicianInfo): Promise<TeamMember> {
  return call(ADD_TEAM_MEMBER, { memberDetail, grantedRoles, clinicianInfo }, (d) => d.addTeamMember);
}

export function editTeamMember(id: string, memberDetail: MemberDetail, grantedRoles: string[], clinicianInfo: ClinicianInfo): Promise<TeamMember> {
  return call(EDIT_TEAM_MEMBER, { id, memberDetail, grantedRoles, clinicianInfo }, (d) => d.editTeamMember);
}

export function removeTeamMember(id: string): Promise<RemoveTeamMemberResult> {
  return call(REMOVE_TEAM_MEMBER, { id }, (d) => d.removeTeamMember);
}
