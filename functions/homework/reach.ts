/**
 * Whom a member reaches with homework and groups (issue 14). With the practice's clients in reach
 * (client.all): every client and group. An own-only clinician: their own clients (therapistId) and
 * the groups they facilitate, with those groups' members. A coordinator (no client rights at all,
 * spec §6): only the groups they facilitate and those groups' members.
 */
import { PERMISSIONS, clientScope, holds } from '../../domain/permissions.ts';
import { groupsOfPractice, type Item } from './store.ts';

export interface MemberCaller {
  sub: string;
  practiceId: string;
  roles: string[];
  groups: string[];
}

export interface Reach {
  /** Every client and group of the practice. */
  all: boolean;
  /** Holds client rights (a coordinator does not): may add clients to a group. */
  clients: boolean;
  /** The groups this caller sees (all of them, or those they facilitate). */
  groups: Item[];
  /** Members of the groups they facilitate. */
  groupMembers: Set<string>;
}

export const facilitates = (group: Item, sub: string) => ((group.facilitators as string[]) ?? []).indexOf(sub) >= 0;

export async function reachOf(caller: MemberCaller): Promise<Reach> {
  const clients = holds(PERMISSIONS.clientRead, caller.roles, caller.groups);
  const all = clients && clientScope(caller.roles) === 'all';
  const every = await groupsOfPractice(caller.practiceId);
  const groups = all ? every : every.filter((g) => facilitates(g, caller.sub));
  const groupMembers = new Set<string>();
  for (const g of every.filter((x) => facilitates(x, caller.sub))) for (const m of (g.members as string[]) ?? []) groupMembers.add(m);
  return { all, clients, groups, groupMembers };
}

/** Whether a client record is in reach. */
export function reachesClient(reach: Reach, caller: MemberCaller, client: Item | null | undefined): boolean {
  if (!client || client.status === 'archived') return false;
  if (reach.all) return true;
  if (reach.groupMembers.has(client.id as string)) return true;
  return reach.clients && client.therapistId === caller.sub;
}

/** Whether a homework item (client, clinician, group) is in reach, without reading the client. */
export function reachesItem(reach: Reach, caller: MemberCaller, item: Item): boolean {
  if (reach.all) return true;
  if (reach.groupMembers.has(item.clientId as string)) return true;
  if (item.groupId && reach.groups.some((g) => g.id === item.groupId)) return true;
  return reach.clients && item.therapistId === caller.sub;
}
