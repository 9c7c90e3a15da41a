/**
 * The console's restated API rules (web/src/common/api-rights.ts) answer as the API's own rule table
 * (canCall over domain/field-rules.ts) for every role alone, every pair of roles, the coordinators
 * group and every plan — so a tab or a button the console offers is one the API serves.
 */
import { describe, expect, it } from 'vitest';
import { canCall, GROUP_PERMISSIONS, ROLE_PERMISSIONS } from '../../../domain/permissions';
import { PLANS } from '../../../domain/plan';
import { API_RIGHTS, mayCall, type ApiField } from '../../../web/src/common/api-rights';

const roles = Object.keys(ROLE_PERMISSIONS);
const roleSets = [[], ...roles.map((r) => [r]), ...roles.flatMap((a, i) => roles.slice(i + 1).map((b) => [a, b]))];
const groupSets = [[], ...Object.keys(GROUP_PERMISSIONS).map((g) => [g])];

describe('the console asks the API rules it restates', () => {
  for (const field of Object.keys(API_RIGHTS) as ApiField[]) {
    it(`${field}: as canCall for every role set, group and plan`, () => {
      for (const plan of [...PLANS, 'no-such-plan']) {
        for (const set of roleSets) {
          for (const groups of groupSets) expect(mayCall(field, set, plan, groups), `${field} ${plan} ${set.join('+')} ${groups.join()}`).toBe(canCall(field, set, plan, groups));
        }
      }
    });
  }
});
