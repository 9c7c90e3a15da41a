/** Team members (schema.graphql TeamMember; listTeamMembers, addTeamMember, editTeamMember, removeTeamMember). */
import { call } from '../settings/graphql';

export interface TeamMember {
  id: string;
  cognitoId: string;
  teamOwnerId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  grantedRoles: string[];
  licenseType: string | null;
  licenseNo: string | null;
  licenseExpires: string | null;
  npiNo: string | null;
  specialty: string | null;
}

export interface MemberDetail {
  firstName: string;
  lastName: string;
  email: string;
}

export interface ClinicianInfo {
  licenseType: string | null;
  licenseNo: string | null;
  licenseExpires: string | null;
  npiNo: string | null;
  specialty: string | null;
}

const FIELDS = 'id cognitoId teamOwnerId firstName lastName email grantedRoles licenseType licenseNo licenseExpires npiNo specialty';

/** Every member of the practice (the server pages by 20; teams are small, so all pages are read). */
export async function listAllTeamMembers(): Promise<TeamMember[]> {
  const all: TeamMember[] = [];
  let nextToken: string | null = null;
  do {
    const page: { items: TeamMember[]; nextToken: string | null } = await call(
      `query ListTeamMembers($nextToken: String) { listTeamMembers(nextToken: $nextToken) { items { ${FIELDS} } nextToken } }`,
      { nextToken },
      (d) => d.listTeamMembers as { items: TeamMember[]; nextToken: string | null },
    );
    all.push(...page.items);
    nextToken = page.nextToken;
  } while (nextToken);
  return all;
}

export function addTeamMember(memberDetail: MemberDetail, grantedRoles: string[], clinicianInfo: ClinicianInfo): Promise<TeamMember> {
  return call(
    `mutation AddTeamMember($memberDetail: MemberDetailInput!, $grantedRoles: [String!]!, $clinicianInfo: ClinicianInfoInput) {
      addTeamMember(memberDetail: $memberDetail, grantedRoles: $grantedRoles, clinicianInfo: $clinicianInfo) { ${FIELDS} } }`,
    { memberDetail, grantedRoles, clinicianInfo },
    (d) => d.addTeamMember as TeamMember,
  );
}

export function editTeamMember(id: string, memberDetail: MemberDetail, grantedRoles: string[], clinicianInfo: ClinicianInfo): Promise<TeamMember> {
  return call(
    `mutation EditTeamMember($id: ID!, $memberDetail: MemberDetailInput!, $grantedRoles: [String!]!, $clinicianInfo: ClinicianInfoInput) {
      editTeamMember(id: $id, memberDetail: $memberDetail, grantedRoles: $grantedRoles, clinicianInfo: $clinicianInfo) { ${FIELDS} } }`,
    { id, memberDetail, grantedRoles, clinicianInfo },
    (d) => d.editTeamMember as TeamMember,
  );
}

export function removeTeamMember(id: string): Promise<{ id: string; message: string; status: string }> {
  return call(`mutation RemoveTeamMember($id: ID!) { removeTeamMember(id: $id) { id message status } }`, { id }, (d) => d.removeTeamMember as { id: string; message: string; status: string });
}
