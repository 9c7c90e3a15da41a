/**
 * homework: AppSync Lambda data source of homework and groups (issue 14), both principals.
 *
 * Member (after authorize; payload {field, caller: {sub, practiceId, roles, groups}, cursor, args}):
 * getHomeworkLibrary, assignHomework (assign.ts), listHomework (list.ts); listGroups, createGroup, editGroup,
 * getGroupOverview (groups.ts), createEmdrHandoff (emdr.ts) — answers {data, audit} for the pipeline's audit step.
 * Client principal (after authorizeClient; payload {field, client: {sub}, args}): myHomework,
 * completeHomework (client.ts; audited by the Lambda in each practice's trail).
 * Payload: resolvers/functions/invokeHomework.ts. Logs carry error names only.
 */
import { appsyncHandler } from '../shared/refusal.ts';
import { assign, libraryView } from './assign.ts';
import { list } from './list.ts';
import { complete, myHomework } from './client.ts';
import { createHandoff } from './emdr.ts';
import { createGroup, editGroup, groupOverview, listGroups } from './groups.ts';
import type { MemberCaller } from './reach.ts';
import type { Item } from './store.ts';

export interface HomeworkRequest {
  field: string;
  client?: { sub: string } | null;
  caller?: MemberCaller | null;
  cursor?: string | null;
  args: Item;
}

export async function run(request: HomeworkRequest, now = new Date()): Promise<unknown> {
  const args = request.args ?? {};
  if (request.client?.sub) {
    const sub = request.client.sub;
    switch (request.field) {
      case 'myHomework': return { data: await myHomework(sub, now), audit: null };
      case 'completeHomework': return { data: await complete(sub, args, now), audit: null };
    }
  } else if (request.caller?.practiceId) {
    const caller = request.caller;
    switch (request.field) {
      case 'getHomeworkLibrary': return { data: libraryView(), audit: null };
      case 'assignHomework': return assign(caller, args.input, now);
      case 'listHomework': return list(caller, args, request.cursor ?? null, now);
      case 'listGroups': return listGroups(caller, now);
      case 'createGroup': return createGroup(caller, args.input, now);
      case 'editGroup': return editGroup(caller, args.groupId, args.input, now);
      case 'getGroupOverview': return groupOverview(caller, args.groupId, now);
      case 'createEmdrHandoff': return createHandoff(caller, now);
    }
  }
  throw new Error(`homework: unknown field ${request.field}`);
}

export const handler = appsyncHandler('homework', (event: HomeworkRequest) => run(event));
