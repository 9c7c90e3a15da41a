import type { Client } from './api';

/** "first last", as the list and the top-bar search show it. */
export function clientName(client: Pick<Client, 'personalDetail'>): string {
  return `${client.personalDetail.first} ${client.personalDetail.last}`;
}
