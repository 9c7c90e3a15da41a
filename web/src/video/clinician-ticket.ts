/** The clinician's ticket: GraphQL getVideoToken(roomId), which also opens the room (signed-in pages only). */
import { generateClient } from 'aws-amplify/api';
import type { VideoTicket } from './session.ts';
import { isTicket, TicketError } from './tickets.ts';

const GET_VIDEO_TOKEN = /* GraphQL */ `
  query GetVideoToken($roomId: ID!) {
    getVideoToken(roomId: $roomId) { identity token adapter roomId role therapistId joinInfo signalingPath expiresAt }
  }
`;

interface GraphQLClient {
  graphql(options: { query: string; variables?: Record<string, unknown> }): Promise<unknown>;
}
let client: GraphQLClient | undefined;

export async function fetchClinicianTicket(roomId: string): Promise<VideoTicket> {
  client ??= generateClient() as unknown as GraphQLClient;
  const result = (await client.graphql({ query: GET_VIDEO_TOKEN, variables: { roomId } })) as { data?: { getVideoToken?: unknown } };
  const ticket = result.data?.getVideoToken;
  if (!isTicket(ticket)) throw new TicketError('No ticket', 500);
  return ticket;
}
