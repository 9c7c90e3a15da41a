/**
 * The companion-app API from the client portal (issue 14; docs/companion-api.md): post a diary card
 * or a thought record, my sharing choices, accept an invitation by code, stop or share again. The
 * server keys everything to the signed-in client.
 */
import { callForOutcome, type Outcome } from '../outcome';

export interface Sharing {
  practiceId: string;
  practiceName: string;
  app: string;
  state: 'INVITED' | 'SHARING' | 'STOPPED';
  sharedAt: string | null;
  stoppedAt: string | null;
}
export type { Outcome };

const SHARING = 'practiceId practiceName app state sharedAt stoppedAt';

const run = callForOutcome;

export const mySharing = () => run(`query MyCompanionSharing { myCompanionSharing { ${SHARING} } }`, {}, (d) => d.myCompanionSharing as Sharing[]);
export const acceptInvitation = (code: string) =>
  run(`mutation AcceptCompanionInvitation($code: String!) { acceptCompanionInvitation(code: $code) { ${SHARING} } }`, { code }, (d) => d.acceptCompanionInvitation as Sharing[]);
export const setSharing = (s: Sharing, share: boolean) =>
  run(`mutation SetCompanionSharing($p: ID!, $a: CompanionApp!, $s: Boolean!) { setCompanionSharing(practiceId: $p, app: $a, share: $s) { ${SHARING} } }`, { p: s.practiceId, a: s.app, s: share }, (d) => d.setCompanionSharing as Sharing);
export const postEntry = (app: string, type: string, date: string, data: Record<string, unknown>) =>
  run(`mutation PostCompanionEntry($i: CompanionEntryInput!) { postCompanionEntry(input: $i) { id date } }`, { i: { app, type, date, data: JSON.stringify(data) } }, (d) => d.postCompanionEntry as { id: string; date: string });
