/**
 * Team members (spec part 2 §3 "Team member"): validation of addTeamMember / editTeamMember input
 * and the API shape of a membership record. Used by the team-members Lambda and by the
 * listTeamMembers resolver, so APPSYNC_JS-safe (linted): no regex, no loops, no try.
 * Problems name fields and rules, never values (PHI).
 */
import { refusalSentences } from './human-text.ts';
import { onlyKeys, readEmail, readName, readNpi, readObject, readText, requireValue, SETTINGS_MAX, type FieldProblem } from './practice.ts';

/** Roles an owner or admin may grant: the 8 team roles minus owner (there is one owner, the practice). */
export const GRANTABLE_ROLES = ['clinicianAdmin', 'clinicianFullClient', 'clinicianBasicBilling', 'clinicianBasic', 'supervisor', 'biller', 'scheduler'];

/** The Cognito group every invited member joins. */
export const TEAM_MEMBERS_GROUP = 'TeamMembers';

export interface TeamMemberInput {
  firstName: string;
  lastName: string;
  email: string;
  grantedRoles: string[];
  licenseType: string | null;
  licenseNo: string | null;
  licenseExpires: string | null;
  npiNo: string | null;
  specialty: string | null;
}

export interface TeamValidation {
  problems: FieldProblem[];
  data: TeamMemberInput;
}

/** YYYY-MM-DD, a real date. */
export function isValidIsoDate(value: string): boolean {
  if (value.length !== 10 || value[4] !== '-' || value[7] !== '-') {
    return false;
  }
  const digits = value.substring(0, 4) + value.substring(5, 7) + value.substring(8, 10);
  if (!digits.split('').every((ch) => '0123456789'.indexOf(ch) >= 0)) {
    return false;
  }
  const year = Number(value.substring(0, 4));
  const month = Number(value.substring(5, 7));
  const day = Number(value.substring(8, 10));
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return year >= 1900 && month >= 1 && month <= 12 && day >= 1 && day <= lengths[month - 1];
}

/**
 * memberDetail {firstName, lastName, email} (all required), grantedRoles (1+ of GRANTABLE_ROLES,
 * no duplicates), clinicianInfo {licenseType, licenseNo, licenseExpires YYYY-MM-DD, npiNo (NPI check
 * digit), specialty} (optional).
 */
export function validateTeamMember(memberDetail: unknown, grantedRoles: unknown, clinicianInfo: unknown): TeamValidation {
  const problems: FieldProblem[] = [];
  const detail = readObject(memberDetail, 'memberDetail', problems);
  onlyKeys(detail, ['firstName', 'lastName', 'email'], 'memberDetail.', problems);
  const info = readObject(clinicianInfo, 'clinicianInfo', problems);
  onlyKeys(info, ['licenseType', 'licenseNo', 'licenseExpires', 'npiNo', 'specialty'], 'clinicianInfo.', problems);
  let roles: string[] = [];
  if (!Array.isArray(grantedRoles) || grantedRoles.length === 0) {
    problems.push({ field: 'grantedRoles', reason: 'required' });
  } else if (grantedRoles.some((r) => typeof r !== 'string' || GRANTABLE_ROLES.indexOf(r) < 0)) {
    problems.push({ field: 'grantedRoles', reason: 'format' });
  } else {
    roles = (grantedRoles as string[]).filter((r, i) => (grantedRoles as string[]).indexOf(r) === i);
  }
  let expires = readText(info.licenseExpires, 'clinicianInfo.licenseExpires', 10, problems);
  if (expires !== null && !isValidIsoDate(expires)) {
    problems.push({ field: 'clinicianInfo.licenseExpires', reason: 'format' });
    expires = null;
  }
  const data: TeamMemberInput = {
    firstName: requireValue(readName(detail.firstName, 'memberDetail.firstName', SETTINGS_MAX.name, problems), 'memberDetail.firstName', problems) || '',
    lastName: requireValue(readName(detail.lastName, 'memberDetail.lastName', SETTINGS_MAX.name, problems), 'memberDetail.lastName', problems) || '',
    email: requireValue(readEmail(detail.email, 'memberDetail.email', problems), 'memberDetail.email', problems) || '',
    grantedRoles: roles,
    licenseType: readText(info.licenseType, 'clinicianInfo.licenseType', SETTINGS_MAX.short, problems),
    licenseNo: readText(info.licenseNo, 'clinicianInfo.licenseNo', SETTINGS_MAX.short, problems),
    licenseExpires: expires,
    npiNo: readNpi(info.npiNo, 'clinicianInfo.npiNo', problems),
    specialty: readText(info.specialty, 'clinicianInfo.specialty', SETTINGS_MAX.name, problems),
  };
  return { problems: problems, data: data };
}

export function teamProblemSummary(problems: FieldProblem[]): string {
  return 'Invalid team member input: ' + problems.map((p) => p.field + ' (' + p.reason + ')').join(', ') + refusalSentences(problems);
}

/** The API shape of a membership record (Directory table). */
export function toTeamMember(item: Record<string, unknown>): Record<string, unknown> {
  const sub = (item.PK as string).substring('USER#'.length);
  return {
    id: sub,
    cognitoId: sub,
    teamOwnerId: item.practiceId,
    firstName: item.firstName || null,
    lastName: item.lastName || null,
    email: item.email || null,
    grantedRoles: item.roles || [],
    licenseType: item.licenseType || null,
    licenseNo: item.licenseNo || null,
    licenseExpires: item.licenseExpires || null,
    npiNo: item.npiNo || null,
    specialty: item.specialty || null,
  };
}
