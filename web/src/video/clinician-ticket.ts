/** The clinician's ticket: GraphQL getVideoToken(roomId), which also opens the room (signed-in pages only), through the platform client. */
import { graphqlRequest } from '../platform/graphql';
import type { VideoTicket } from './session.ts';
import { isTicket, TicketError } from './tickets.ts';

const GET_VIDEO_TOKEN = /* GraphQL */ `
  query GetVideoToken($roomId: ID!) {
    getVideoToken(roomId: $roomId) { identity token adapter roomId role therapistId joinInfo signalingPath expiresAt }
  }
`;

export async function fetchClinicianTicket(roomId: string): Promise<VideoTicket> {
  const ticket = (await graphqlRequest({ query: GET_VIDEO_TOKEN, variables: { roomId } })).data.getVideoToken;
  if (!isTicket(ticket)) throw new TicketError('No ticket', 500);
  return ticket;
}
