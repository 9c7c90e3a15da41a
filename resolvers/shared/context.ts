/**
 * The one typed context of every resolver and pipeline step (issue 17): `ResolverContext<Args>`
 * is AppSync's `Context` with the field's arguments as generated from schema.graphql
 * (domain/graphql.generated.ts, e.g. `QueryGetClientArgs`) and the one `Stash` below — every key a
 * step writes for the steps after it, declared once. Types only: nothing here reaches a bundle.
 *
 * A key that a step always writes before the steps that read it (e.g. `caller`, by `authorize`,
 * first in every pipeline — resolvers/map.ts) is declared present; a key that a step may leave
 * null says so.
 */
import type { Context } from '@aws-appsync/utils';
import type { AppointmentAccess } from '../../domain/appointment/access.ts';
import type { ClientData } from '../../domain/client.ts';
import type { LinkRef } from '../../domain/client-link.ts';
import type { ConsentInput } from '../../domain/documents/consent.ts';
import type { PageBinding } from './page-token.ts';

/** The caller as `authorize` stashes it: practice, roles and plan from the membership record, never from the token. */
export type Caller = {
  sub: string;
  practiceId: string;
  roles: string[];
  plan: string;
  groups: string[];
  email: string | null;
};

/** What the `audit` step appends (names and ids, never a PHI value); null or absent: nothing to audit. */
export type AuditNote = {
  action: string;
  entityType: string;
  entityId?: string | null;
  entityIds?: string[];
};

/** A list step's state between its request and its response: what its page token is bound to. */
export type PageState = {
  binding: PageBinding;
  partition: string;
  /** The partition-key attribute of the table or index read (PK, GSI1PK…). */
  attribute?: string;
  index?: string;
};

/** An item as DynamoDB returns it (attribute names as stored). */
export type StoredItem = Record<string, unknown>;

/** The stored client item (domain/client.ts clientItem) as Client.load stashes it. */
export type StoredClient = StoredItem & {
  id: string;
  therapistId: string;
  status: string;
  version: number;
  searchName: string;
  createdAt: string;
  createdBy: string;
};

/** ClientAccess.client (loadPortalClient): the client named by `clientId`, in the caller's reach, as the portal steps need it. */
export type PortalClient = { id: string; email: string | null; status: string };

/** Messaging.access: the conversation the caller may use, for the steps after it. */
export type MessagingTarget = {
  practiceId: string;
  clientId: string;
  therapistId: string | null;
  clientFirstName: string | null;
  clientName: string;
  /** The conversation item (read marks, unread counts); null before its first message. */
  conversation: StoredItem | null;
};

/** What a DynamoDB Query or Scan answers (`ctx.result`). */
export type QueryResult = { items: StoredItem[]; nextToken?: string | null; scannedCount?: number };

export type Stash = {
  /** Every pipeline: set by `authorize` (resolvers/functions/authorize.ts). */
  caller: Caller;
  /** For the `audit` step, set by the step before it. */
  audit?: AuditNote | null;
  /** List fields: the page token's binding, from request to response. */
  page: PageState;
  /** Appointment fields: who sees and manages which appointments (Appointment.access). */
  access: AppointmentAccess;
  /** Writes: the item written, for the response (addClient, editClient, restoreClient…). */
  written: StoredItem;
  /**
   * Client fields: the stored client (Client.load, which refuses a client missing or not the caller's).
   * The client portal's pipelines (authorizeClient) keep the signed-in client principal here instead:
   * their steps take ClientResolverContext (ClientStash below).
   */
  client: StoredClient;
  /** addClient / editClient: the validated input (Client.validate) and the therapist it goes to (Client.checkTherapist). */
  clientInput: ClientData;
  therapistId: string;
  /** editTherapist: the validated profile (Therapist.validate). */
  therapistInput: Record<string, unknown>;
  /** editPracticeDetails / editBillingSettings / editInsuranceSetting: the validated settings (Settings.validate). */
  settingsInput: Record<string, unknown>;
  /** Progress notes: the appointment if the caller sees it, and the note (null when there is none). */
  appointment: StoredItem | null;
  note: StoredItem | null;
  /** Note.supervision: the note's clinician's supervision record (null: not supervised). */
  supervision: StoredItem | null;
  /** Appointment settings: the practice details item (locations, timezone) and the stored settings. */
  practiceDetails: StoredItem | null;
  appointmentSettings: StoredItem | null;
  /** Messaging.access: the (practice, client) of the conversation named, then the conversation itself. */
  target: LinkRef;
  messaging: MessagingTarget;
  /** IntakeSettings.load: the practice's intake settings item (null: none yet), for IntakeSettings.put. */
  intakeSettings: StoredItem | null;
  /** ClientAccess.client: the client whose portal access, documents… the next step reads or changes (absent where the pipeline has no such step). */
  portalClient: PortalClient;
  /** ConsentDoc.load: the document's head item; ConsentDoc.validate: the validated title, details and included. */
  consentDoc: StoredItem;
  consentInput: ConsentInput;
};

/** A practice of a usable link (authorizeClient.practices): what the portal shows of it. */
export type PortalPractice = { practiceId: string; portalName: unknown; greeting: unknown };

/**
 * The client principal (issue 12) as the client portal's pipelines stash it under `client`:
 * authorizeClient sets sub, e-mail and the active links; authorizeClient.practices keeps only the
 * usable links and adds their practices.
 */
export type ClientPrincipal = { sub: string; email: string | null; links: LinkRef[]; practices?: PortalPractice[] };

/** What Messaging.access stashes as `caller` for a client: the client in the conversation's practice (for `audit` and page tokens). */
export type ClientCaller = { sub: string; practiceId: string; roles: string[]; groups: string[]; principal: 'client' };

/**
 * The stash of a client principal's pipeline (CLIENT_AUTHORIZE first, resolvers/map.ts): `client`
 * is the principal, never a stored client record; there is no member `caller` (only the one
 * Messaging.access writes).
 */
export type ClientStash = Omit<Stash, 'client' | 'caller'> & { client: ClientPrincipal; caller?: ClientCaller };

/**
 * The stash of a step that serves both principals (Messaging.access, Messaging.invoke,
 * Query.listMessages, Subscription.onSecureMessage): `client` is the principal after
 * CLIENT_AUTHORIZE and absent after `authorize`; `caller` the member (authorize) or, for a client,
 * what Messaging.access wrote (absent before it).
 */
export type EitherStash = Omit<Stash, 'client' | 'caller'> & { client?: ClientPrincipal; caller?: Caller | ClientCaller };

/** A field without arguments. */
export type NoArgs = Record<string, never>;

/**
 * The context of a resolver or step: `Args` from the generated `<Type><Field>Args`, `Prev` what
 * the step before returned (`ctx.prev.result`), `Result` what this step's data source answered
 * (`ctx.result`, in the response handler).
 */
export type ResolverContext<Args extends Record<string, unknown> = NoArgs, Result = unknown, Prev = unknown> = Context<Args, Stash, { result: Prev }, undefined, Result>;

/** The context of a client principal's resolver or step (after CLIENT_AUTHORIZE, or authorizeClient alone). */
export type ClientResolverContext<Args extends Record<string, unknown> = NoArgs, Result = unknown, Prev = unknown> = Context<Args, ClientStash, { result: Prev }, undefined, Result>;

/** The context of a step that both principals' pipelines run (EitherStash). */
export type EitherResolverContext<Args extends Record<string, unknown> = NoArgs, Result = unknown, Prev = unknown> = Context<Args, EitherStash, { result: Prev }, undefined, Result>;

/** A step shared by fields of different arguments that reads none of them (authorize, audit…). */
export type AnyArgs = Record<string, unknown>;

/**
 * The arguments of a step shared by fields of different arguments (give their generated Args as a
 * union): every argument any of them takes, each optional, typed as the schema types it.
 */
export type SharedArgs<U> = { [K in U extends unknown ? keyof U : never]?: U extends unknown ? (K extends keyof U ? U[K] : never) : never };
