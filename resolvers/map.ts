/**
 * The resolver map: the single list read by the Api stack (lib/api-stack.ts) and by the local
 * executor (local/appsync). Every field is a pipeline resolver; its code is resolvers/pipeline.ts
 * and its steps are the named functions below. The first step is always `authorize`.
 *
 * Data-source names: NONE, a table (`<TableId>Table`, see domain/tables.ts) or a Lambda
 * (`Lambda:<folder under functions/>`).
 */
export type DataSourceName = 'NONE' | 'PracticeTable' | 'DirectoryTable' | 'AuditTable' | `Lambda:${string}`;

export interface FunctionDef {
  /** Unique name, also the bundle file name (dist/resolvers/<name>.js). */
  name: string;
  dataSource: DataSourceName;
  /** Source file, relative to the repository root. */
  entry: string;
}

export interface ResolverDef {
  typeName: 'Query' | 'Mutation' | 'Subscription';
  fieldName: string;
  /** Function names, in order. */
  pipeline: string[];
}

/** Code of every pipeline resolver (before/after steps). */
export const PIPELINE_ENTRY = 'resolvers/pipeline.ts';

export const FUNCTIONS: FunctionDef[] = [
  { name: 'authorize', dataSource: 'DirectoryTable', entry: 'resolvers/functions/authorize.ts' },
  { name: 'Query.me', dataSource: 'NONE', entry: 'resolvers/Query.me.ts' },
  { name: 'Mutation.logUserAuthEvent', dataSource: 'AuditTable', entry: 'resolvers/Mutation.logUserAuthEvent.ts' },
  { name: 'Subscription.onUserAuthEvent', dataSource: 'NONE', entry: 'resolvers/Subscription.onUserAuthEvent.ts' },
  // Sign-out (issue 11 §2): marks the caller's membership signed out; authorize refuses older sign-ins.
  { name: 'Mutation.endSession', dataSource: 'DirectoryTable', entry: 'resolvers/Mutation.endSession.ts' },
  // Clients: shared steps, then one data step per field; reads and writes end with `audit`.
  { name: 'audit', dataSource: 'AuditTable', entry: 'resolvers/functions/audit.ts' },
  { name: 'Client.validate', dataSource: 'NONE', entry: 'resolvers/functions/validateClientInput.ts' },
  { name: 'Client.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadClient.ts' },
  { name: 'Client.checkTherapist', dataSource: 'DirectoryTable', entry: 'resolvers/functions/checkTherapist.ts' },
  { name: 'Query.getClients', dataSource: 'PracticeTable', entry: 'resolvers/Query.getClients.ts' },
  { name: 'Query.getClient', dataSource: 'PracticeTable', entry: 'resolvers/Query.getClient.ts' },
  { name: 'Mutation.addClient', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.addClient.ts' },
  { name: 'Mutation.editClient', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.editClient.ts' },
  { name: 'Mutation.removeClient', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.removeClient.ts' },
  { name: 'Mutation.restoreClient', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.restoreClient.ts' },
  { name: 'Query.getVideoToken', dataSource: 'Lambda:video-join', entry: 'resolvers/Query.getVideoToken.ts' },
  // Practice settings: one item each in the Practice table; the kind comes from the field name.
  { name: 'Settings.get', dataSource: 'PracticeTable', entry: 'resolvers/functions/settingsGet.ts' },
  { name: 'Settings.validate', dataSource: 'NONE', entry: 'resolvers/functions/settingsValidate.ts' },
  { name: 'Settings.put', dataSource: 'PracticeTable', entry: 'resolvers/functions/settingsPut.ts' },
  // Team: the list is a Query on the Directory table; changes go through the team-members Lambda (Cognito + membership).
  { name: 'Query.listTeamMembers', dataSource: 'DirectoryTable', entry: 'resolvers/Query.listTeamMembers.ts' },
  { name: 'Team.validate', dataSource: 'NONE', entry: 'resolvers/functions/validateTeamMember.ts' },
  { name: 'Team.invoke', dataSource: 'Lambda:team-members', entry: 'resolvers/functions/invokeTeamMembers.ts' },
  // Profile: the caller's own Therapist item; the photo through the profile-photo Lambda (presigned S3).
  { name: 'Query.getTherapist', dataSource: 'PracticeTable', entry: 'resolvers/Query.getTherapist.ts' },
  { name: 'Therapist.validate', dataSource: 'NONE', entry: 'resolvers/functions/validateTherapist.ts' },
  { name: 'Mutation.editTherapist', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.editTherapist.ts' },
  { name: 'Photo.invoke', dataSource: 'Lambda:profile-photo', entry: 'resolvers/functions/invokeProfilePhoto.ts' },
  // Plans: offers from domain/pricing.ts; the practice's plan on its record (the owner's membership); changes through the plans Lambda.
  { name: 'Query.getProviderPlans', dataSource: 'NONE', entry: 'resolvers/Query.getProviderPlans.ts' },
  { name: 'Practice.load', dataSource: 'DirectoryTable', entry: 'resolvers/functions/loadPracticeRecord.ts' },
  { name: 'Plans.invoke', dataSource: 'Lambda:plans', entry: 'resolvers/functions/invokePlans.ts' },
  // Apps used: one practice item, four views of it.
  { name: 'AppsUsed.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadAppsUsed.ts' },
  // Account activity and the audit trail: Queries on the practice's audit partition.
  { name: 'Query.listAccountActivity', dataSource: 'AuditTable', entry: 'resolvers/Query.listAccountActivity.ts' },
  { name: 'Query.listAuditTrail', dataSource: 'AuditTable', entry: 'resolvers/Query.listAuditTrail.ts' },
  // Appointments (issue #7): reads are Queries/GetItems on the Practice table; writes go through the appointments Lambda (rrule, TransactWriteItems).
  { name: 'Appointment.access', dataSource: 'NONE', entry: 'resolvers/functions/appointmentAccess.ts' },
  { name: 'Query.listAppointments', dataSource: 'PracticeTable', entry: 'resolvers/Query.listAppointments.ts' },
  { name: 'Query.getAppointment', dataSource: 'PracticeTable', entry: 'resolvers/Query.getAppointment.ts' },
  { name: 'Appointments.invoke', dataSource: 'Lambda:appointments', entry: 'resolvers/functions/invokeAppointments.ts' },
  { name: 'Query.getServicesOffered', dataSource: 'PracticeTable', entry: 'resolvers/Query.getServicesOffered.ts' },
  // Client billing (issue 15): everything through the billing Lambda (transactions over invoices, payments, lines and the client's ledger).
  { name: 'Billing.invoke', dataSource: 'Lambda:billing', entry: 'resolvers/functions/invokeBilling.ts' },
  { name: 'ClientBilling.invoke', dataSource: 'Lambda:billing', entry: 'resolvers/functions/invokeClientBilling.ts' },
  { name: 'PracticeDetails.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadPracticeDetailsItem.ts' },
  { name: 'Query.getAppointmentSettings', dataSource: 'PracticeTable', entry: 'resolvers/Query.getAppointmentSettings.ts' },
  { name: 'Mutation.editAppointmentSettings', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.editAppointmentSettings.ts' },
  { name: 'Query.listClinicians', dataSource: 'DirectoryTable', entry: 'resolvers/Query.listClinicians.ts' },
  // Consent documents and intake forms (issue 12): a document is a head item plus one immutable
  // snapshot per version (domain/documents/consent.ts); intake forms one settings item per practice.
  { name: 'ConsentDoc.validate', dataSource: 'NONE', entry: 'resolvers/functions/validateConsentDocument.ts' },
  { name: 'ConsentDoc.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadConsentDocument.ts' },
  { name: 'Query.getConsentDocuments', dataSource: 'PracticeTable', entry: 'resolvers/Query.getConsentDocuments.ts' },
  { name: 'Mutation.addConsentDocument', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.addConsentDocument.ts' },
  { name: 'Mutation.editConsentDocument', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.editConsentDocument.ts' },
  { name: 'Mutation.deleteConsentDocument', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.deleteConsentDocument.ts' },
  { name: 'Query.getTemplateLibraryMetadata', dataSource: 'NONE', entry: 'resolvers/Query.getTemplateLibraryMetadata.ts' },
  { name: 'IntakeSettings.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadIntakeSettings.ts' },
  { name: 'IntakeSettings.put', dataSource: 'PracticeTable', entry: 'resolvers/functions/putIntakeSettings.ts' },
  // A client's documents (issue 12): signatures, intake answers and shares through the client-documents Lambda.
  { name: 'ClientDocuments.invoke', dataSource: 'Lambda:client-documents', entry: 'resolvers/functions/invokeClientDocuments.ts' },
  { name: 'PracticeDocuments.invoke', dataSource: 'Lambda:client-documents', entry: 'resolvers/functions/invokePracticeDocuments.ts' },
  // Progress notes: one per appointment (keyed by it), written by the appointment's clinician; signed notes take addenda only.
  { name: 'Query.getProgessNoteMetadata', dataSource: 'NONE', entry: 'resolvers/Query.getProgessNoteMetadata.ts' },
  { name: 'Note.appointment', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadNoteAppointment.ts' },
  { name: 'Query.getProgressNote', dataSource: 'PracticeTable', entry: 'resolvers/Query.getProgressNote.ts' },
  { name: 'Mutation.createProgressNote', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.createProgressNote.ts' },
  { name: 'Note.link', dataSource: 'PracticeTable', entry: 'resolvers/functions/linkNote.ts' },
  { name: 'Note.load', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadNote.ts' },
  // Signing a supervised clinician's note writes the awaiting-co-signature index (issue 18).
  { name: 'Note.supervision', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadNoteSupervision.ts' },
  { name: 'Mutation.editProgressNote', dataSource: 'PracticeTable', entry: 'resolvers/Mutation.editProgressNote.ts' },
  // Client identity (issue 12). Clinician side: the client must be visible to the caller, then the
  // client-access Lambda (tokens, e-mail, Cognito-free). Client side: the client principal's steps
  // (CLIENT_AUTHORIZE below), then the client-self Lambda, which audits per practice it touches.
  { name: 'ClientAccess.client', dataSource: 'PracticeTable', entry: 'resolvers/functions/loadPortalClient.ts' },
  { name: 'ClientAccess.invoke', dataSource: 'Lambda:client-access', entry: 'resolvers/functions/invokeClientAccess.ts' },
  { name: 'authorizeClient', dataSource: 'DirectoryTable', entry: 'resolvers/functions/authorizeClient.ts' },
  { name: 'authorizeClient.practices', dataSource: 'DirectoryTable', entry: 'resolvers/functions/authorizeClientPractices.ts' },
  { name: 'ClientSelf.invoke', dataSource: 'Lambda:client-self', entry: 'resolvers/functions/invokeClientSelf.ts' },
  { name: 'Mutation.endClientSession', dataSource: 'DirectoryTable', entry: 'resolvers/Mutation.endClientSession.ts' },
  // Companion apps (issue 14): both principals through the companion Lambda (entries in the Directory table by the client's sub, shares in both tables).
  { name: 'Companion.invoke', dataSource: 'Lambda:companion', entry: 'resolvers/functions/invokeCompanion.ts' },
  // Homework and groups (issue 14): both principals through the homework Lambda (items and groups in the Practice table).
  { name: 'Homework.invoke', dataSource: 'Lambda:homework', entry: 'resolvers/functions/invokeHomework.ts' },
  // Supervision and co-signature (issue 18): the supervision Lambda (supervision records, supervisees' notes).
  { name: 'Supervision.invoke', dataSource: 'Lambda:supervision', entry: 'resolvers/functions/invokeSupervision.ts' },
  // Practice administration (issue 18): the clients summary Lambda (per-practice Queries, no Scan).
  { name: 'Summary.invoke', dataSource: 'Lambda:summary', entry: 'resolvers/functions/invokeSummary.ts' },
  // The data export (issue 18): jobs and download links; the export-worker Lambda writes the zip.
  { name: 'Export.invoke', dataSource: 'Lambda:export', entry: 'resolvers/functions/invokeExport.ts' },
  // The demo data set (issue 18): load into a practice without clients, remove in one action.
  { name: 'DemoData.invoke', dataSource: 'Lambda:demo-data', entry: 'resolvers/functions/invokeDemoData.ts' },
  // Secure messaging (issue 12): the conversation's access for both principals, reads as Queries, writes through the messaging Lambda.
  { name: 'Messaging.access', dataSource: 'PracticeTable', entry: 'resolvers/functions/messagingAccess.ts' },
  { name: 'Query.listMessages', dataSource: 'PracticeTable', entry: 'resolvers/Query.listMessages.ts' },
  { name: 'Query.listConversations', dataSource: 'PracticeTable', entry: 'resolvers/Query.listConversations.ts' },
  { name: 'Messaging.invoke', dataSource: 'Lambda:messaging', entry: 'resolvers/functions/invokeMessaging.ts' },
  { name: 'Subscription.onSecureMessage', dataSource: 'NONE', entry: 'resolvers/Subscription.onSecureMessage.ts' },
  // Insurance (issue 16): client insurance, eligibility checks and payers through the eligibility Lambda; the practice's checks as a Query.
  { name: 'Insurance.invoke', dataSource: 'Lambda:eligibility', entry: 'resolvers/functions/invokeEligibility.ts' },
  { name: 'Query.getCoverage', dataSource: 'PracticeTable', entry: 'resolvers/Query.getCoverage.ts' },
  // Claims and ERA posting (issue 16): the claims Lambda (the design card's claim creation) for every field.
  { name: 'Claims.invoke', dataSource: 'Lambda:claims', entry: 'resolvers/functions/invokeClaims.ts' },
  // Measurement-based care (issue 13): every read and write through the assessments Lambda (scoring, counters, alerts in one transaction).
  { name: 'Assessments.invoke', dataSource: 'Lambda:assessments', entry: 'resolvers/functions/invokeAssessments.ts' },
  // Insights (issue 13): one chart's series through the insights Lambda (counters, schedules, a client's responses, entries and homework; no Scan).
  { name: 'Insights.invoke', dataSource: 'Lambda:insights', entry: 'resolvers/functions/invokeInsights.ts' },
  // The live risk-alert event (issue 13): published by the assessments Lambdas (IAM), filtered per subscriber.
  { name: 'Mutation.publishRiskAlert', dataSource: 'NONE', entry: 'resolvers/Mutation.publishRiskAlert.ts' },
  { name: 'Subscription.onRiskAlert', dataSource: 'NONE', entry: 'resolvers/Subscription.onRiskAlert.ts' },
];

/**
 * The head of every client principal's pipeline (issue 12; docs/client identity): the caller's links
 * (one Query on CLIENTUSER#<sub>), then their practices' plan and portal switch (one BatchGetItem).
 * Afterwards ctx.stash.client = { sub, email, links: [{practiceId, clientId}] } holds only usable
 * links; steps check ids with domain/client-link.ts hasLink. Use as [...CLIENT_AUTHORIZE, <your steps>].
 */
export const CLIENT_AUTHORIZE: string[] = ['authorizeClient', 'authorizeClient.practices'];

export const RESOLVERS: ResolverDef[] = [
  { typeName: 'Query', fieldName: 'me', pipeline: ['authorize', 'Query.me'] },
  { typeName: 'Mutation', fieldName: 'logUserAuthEvent', pipeline: ['authorize', 'Mutation.logUserAuthEvent'] },
  { typeName: 'Subscription', fieldName: 'onUserAuthEvent', pipeline: ['authorize', 'Subscription.onUserAuthEvent'] },
  { typeName: 'Mutation', fieldName: 'endSession', pipeline: ['authorize', 'Mutation.endSession'] },
  { typeName: 'Query', fieldName: 'getClients', pipeline: ['authorize', 'Query.getClients', 'audit'] },
  { typeName: 'Query', fieldName: 'getClient', pipeline: ['authorize', 'Query.getClient', 'audit'] },
  { typeName: 'Mutation', fieldName: 'addClient', pipeline: ['authorize', 'Client.validate', 'Client.checkTherapist', 'Mutation.addClient', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editClient', pipeline: ['authorize', 'Client.validate', 'Client.load', 'Client.checkTherapist', 'Mutation.editClient', 'audit'] },
  { typeName: 'Mutation', fieldName: 'removeClient', pipeline: ['authorize', 'Client.load', 'Mutation.removeClient', 'audit'] },
  { typeName: 'Mutation', fieldName: 'restoreClient', pipeline: ['authorize', 'Client.load', 'Mutation.restoreClient', 'audit'] },
  { typeName: 'Query', fieldName: 'getVideoToken', pipeline: ['authorize', 'Query.getVideoToken'] },
  ...['getPracticeDetails', 'getBillingSettings', 'getInsuranceSetting', 'getNotificationSettings'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Settings.get', 'audit'] })),
  ...['editPracticeDetails', 'editBillingSettings', 'editInsuranceSetting', 'editNotificationSettings'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Settings.validate', 'Settings.put', 'audit'] }),
  ),
  { typeName: 'Query', fieldName: 'listTeamMembers', pipeline: ['authorize', 'Query.listTeamMembers', 'audit'] },
  { typeName: 'Mutation', fieldName: 'addTeamMember', pipeline: ['authorize', 'Team.validate', 'Team.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editTeamMember', pipeline: ['authorize', 'Team.validate', 'Team.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'removeTeamMember', pipeline: ['authorize', 'Team.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getTherapist', pipeline: ['authorize', 'Query.getTherapist', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editTherapist', pipeline: ['authorize', 'Therapist.validate', 'Mutation.editTherapist', 'audit'] },
  { typeName: 'Query', fieldName: 'getProfilePhotoUrl', pipeline: ['authorize', 'Photo.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'getProfilePhotoUploadUrl', pipeline: ['authorize', 'Photo.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'confirmProfilePhoto', pipeline: ['authorize', 'Photo.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getProviderPlans', pipeline: ['authorize', 'Query.getProviderPlans'] },
  { typeName: 'Query', fieldName: 'getCurrentPlan', pipeline: ['authorize', 'Practice.load'] },
  { typeName: 'Query', fieldName: 'hasEnterpriseSubscription', pipeline: ['authorize', 'Practice.load'] },
  { typeName: 'Mutation', fieldName: 'changePlan', pipeline: ['authorize', 'Plans.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'checkUserStatus', pipeline: ['authorize', 'Team.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'listAccountActivity', pipeline: ['authorize', 'Query.listAccountActivity'] },
  { typeName: 'Query', fieldName: 'listAuditTrail', pipeline: ['authorize', 'Query.listAuditTrail'] },
  { typeName: 'Query', fieldName: 'listAppointments', pipeline: ['authorize', 'Appointment.access', 'Query.listAppointments', 'audit'] },
  { typeName: 'Query', fieldName: 'getAppointment', pipeline: ['authorize', 'Appointment.access', 'Query.getAppointment', 'audit'] },
  ...['createAppointment', 'editAppointment', 'cancelAppointment', 'setAppointmentStatus'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Appointment.access', 'Appointments.invoke', 'audit'] }),
  ),
  { typeName: 'Query', fieldName: 'getServicesOffered', pipeline: ['authorize', 'Appointment.access', 'Query.getServicesOffered'] },
  // Client billing (issue 15): the catalog is not PHI (no audit); everything else is audited. The client principal's side audits in the Lambda.
  { typeName: 'Query', fieldName: 'getBillingCatalog', pipeline: ['authorize', 'Billing.invoke'] },
  ...['listBilling', 'getClientBilling', 'getInvoiceById', 'getInvoicePdf', 'listBillingDocuments', 'getBillingDocumentPdf', 'getStatementRun', 'getClientSubscription', 'getClientPackages'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Billing.invoke', 'audit'] })),
  ...['editBillingCatalog', 'editClientBillingProfile', 'createInvoice', 'sendInvoice', 'voidInvoice', 'recordPayment', 'refundPayment', 'generateBillingDocument', 'startStatementRun', 'assignClientSubscription', 'saveClientPackagePlan', 'endClientPackage'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Billing.invoke', 'audit'] }),
  ),
  ...['clientInvoices', 'clientInvoicePdf', 'clientBillingDocumentPdf', 'clientPackages'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: [...CLIENT_AUTHORIZE, 'ClientBilling.invoke'] })),
  { typeName: 'Query', fieldName: 'getAppointmentSettings', pipeline: ['authorize', 'Appointment.access', 'PracticeDetails.load', 'Query.getAppointmentSettings', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editAppointmentSettings', pipeline: ['authorize', 'PracticeDetails.load', 'Query.getAppointmentSettings', 'Mutation.editAppointmentSettings', 'audit'] },
  { typeName: 'Query', fieldName: 'listClinicians', pipeline: ['authorize', 'Appointment.access', 'Query.listClinicians', 'audit'] },
  { typeName: 'Query', fieldName: 'getConsentDocuments', pipeline: ['authorize', 'Query.getConsentDocuments', 'audit'] },
  { typeName: 'Mutation', fieldName: 'clientPayInvoices', pipeline: [...CLIENT_AUTHORIZE, 'ClientBilling.invoke'] },
  { typeName: 'Mutation', fieldName: 'clientStartPackage', pipeline: [...CLIENT_AUTHORIZE, 'ClientBilling.invoke'] },
  { typeName: 'Mutation', fieldName: 'addConsentDocument', pipeline: ['authorize', 'ConsentDoc.validate', 'Mutation.addConsentDocument', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editConsentDocument', pipeline: ['authorize', 'ConsentDoc.validate', 'ConsentDoc.load', 'Mutation.editConsentDocument', 'audit'] },
  { typeName: 'Mutation', fieldName: 'deleteConsentDocument', pipeline: ['authorize', 'ConsentDoc.load', 'Mutation.deleteConsentDocument', 'audit'] },
  { typeName: 'Query', fieldName: 'getTemplateLibraryMetadata', pipeline: ['authorize', 'Query.getTemplateLibraryMetadata'] },
  { typeName: 'Query', fieldName: 'getTherapistIntakeFormSettings', pipeline: ['authorize', 'IntakeSettings.load', 'audit'] },
  ...['setTherapistIntakeFormSettings', 'removeTherapistIntakeFormSettings', 'setTherapistIntakeFormSettingsDefault'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'IntakeSettings.load', 'IntakeSettings.put', 'audit'] }),
  ),
  { typeName: 'Query', fieldName: 'getProgessNoteMetadata', pipeline: ['authorize', 'Query.getProgessNoteMetadata'] },
  { typeName: 'Query', fieldName: 'getProgressNote', pipeline: ['authorize', 'Appointment.access', 'Note.appointment', 'Query.getProgressNote', 'audit'] },
  { typeName: 'Mutation', fieldName: 'createProgressNote', pipeline: ['authorize', 'Appointment.access', 'Note.appointment', 'Note.supervision', 'Mutation.createProgressNote', 'Note.link', 'audit'] },
  { typeName: 'Mutation', fieldName: 'editProgressNote', pipeline: ['authorize', 'Note.load', 'Appointment.access', 'Note.appointment', 'Note.supervision', 'Mutation.editProgressNote', 'audit'] },
  { typeName: 'Query', fieldName: 'getClientPortalAccess', pipeline: ['authorize', 'ClientAccess.client', 'ClientAccess.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'inviteClientToPortal', pipeline: ['authorize', 'ClientAccess.client', 'ClientAccess.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'revokeClientPortalAccess', pipeline: ['authorize', 'ClientAccess.client', 'ClientAccess.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getClientPortalDetails', pipeline: ['authorize', 'ClientAccess.invoke'] },
  { typeName: 'Mutation', fieldName: 'addClientPortal', pipeline: ['authorize', 'ClientAccess.invoke', 'audit'] },
  ...['clientMe', 'clientAppointments'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: [...CLIENT_AUTHORIZE, 'ClientSelf.invoke'] })),
  { typeName: 'Mutation', fieldName: 'editClientProfile', pipeline: [...CLIENT_AUTHORIZE, 'ClientSelf.invoke'] },
  // Sign-out: authorizeClient only (no usable link needed).
  { typeName: 'Mutation', fieldName: 'endClientSession', pipeline: ['authorizeClient', 'Mutation.endClientSession'] },
  { typeName: 'Query', fieldName: 'clientDocuments', pipeline: [...CLIENT_AUTHORIZE, 'ClientDocuments.invoke'] },
  ...['signConsentDocument', 'submitIntakeForm'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: [...CLIENT_AUTHORIZE, 'ClientDocuments.invoke'] })),
  { typeName: 'Query', fieldName: 'getClientDocuments', pipeline: ['authorize', 'ClientAccess.client', 'PracticeDocuments.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getSignedConsentPdf', pipeline: ['authorize', 'ClientAccess.client', 'PracticeDocuments.invoke', 'audit'] },
  ...['acceptIntakeAnswers', 'shareClientDocuments'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'ClientAccess.client', 'PracticeDocuments.invoke', 'audit'] })),
  ...['getAppsUsed', 'getAppsUsedByTeamOwner', 'getHideCommunitiesForApps', 'getHideHealthNutritionForApps'].map(
    (fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'AppsUsed.load'] }),
  ),
  // Companion apps (issue 14). The clinician's side: a client's fields check the client first (ClientAccess.client);
  // the client's side (the companion-app API) needs no portal link, so authorizeClient alone (the first step of CLIENT_AUTHORIZE).
  ...['getCompanionSharing', 'getClientCompanionEntries', 'getClientCompanionStats'].map(
    (fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'ClientAccess.client', 'Companion.invoke', 'audit'] }),
  ),
  { typeName: 'Mutation', fieldName: 'inviteClientToShare', pipeline: ['authorize', 'ClientAccess.client', 'Companion.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'listCompanionClients', pipeline: ['authorize', 'Companion.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'setAppHideFlags', pipeline: ['authorize', 'Companion.invoke', 'audit'] },
  ...['myCompanionEntries', 'myCompanionSharing', 'myAppSettings'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorizeClient', 'Companion.invoke'] })),
  ...['postCompanionEntry', 'setCompanionSharing', 'acceptCompanionInvitation'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorizeClient', 'Companion.invoke'] })),
  // Homework and groups (issue 14): FIELD_RULES gates the member fields (plan and right); the Lambda
  // keeps each caller to their reach. The client's side needs no portal link (authorizeClient alone).
  ...['getHomeworkLibrary', 'listHomework', 'listGroups', 'getGroupOverview'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Homework.invoke', 'audit'] })),
  ...['assignHomework', 'createGroup', 'editGroup', 'createEmdrHandoff'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Homework.invoke', 'audit'] })),
  { typeName: 'Query', fieldName: 'myHomework', pipeline: ['authorizeClient', 'Homework.invoke'] },
  { typeName: 'Mutation', fieldName: 'completeHomework', pipeline: ['authorizeClient', 'Homework.invoke'] },
  // Supervision (issue 18): FIELD_RULES gates each field; the Lambda keeps a supervisor to their supervisees' notes.
  ...['listSupervisions', 'listNotesAwaitingCosign', 'getSupervisedNote', 'getNoteCosign', 'getPayerClaimSettings'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Supervision.invoke', 'audit'] })),
  ...['setSupervisors', 'cosignProgressNote', 'returnProgressNote', 'setPayerClaimSetting'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Supervision.invoke', 'audit'] })),
  // Clients summary (issue 18): FIELD_RULES gates the field; the Lambda scopes it (practice or own).
  { typeName: 'Query', fieldName: 'getClientsSummary', pipeline: ['authorize', 'Summary.invoke', 'audit'] },
  // Data export (issue 18): DataExport (owner, clinicianAdmin); every call audited.
  ...['getDataExport', 'listDataExports'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Export.invoke', 'audit'] })),
  { typeName: 'Mutation', fieldName: 'startDataExport', pipeline: ['authorize', 'Export.invoke', 'audit'] },
  // Demo data (issue 18): DemoData (owner; clinicianAdmin as owner); loading and removing audited.
  { typeName: 'Query', fieldName: 'getDemoData', pipeline: ['authorize', 'DemoData.invoke', 'audit'] },
  ...['loadDemoData', 'removeDemoData'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'DemoData.invoke', 'audit'] })),
  { typeName: 'Query', fieldName: 'listConversations', pipeline: ['authorize', 'Query.listConversations', 'audit'] },
  { typeName: 'Query', fieldName: 'unreadMessageCount', pipeline: ['authorize', 'Query.listConversations'] },
  { typeName: 'Query', fieldName: 'listMessages', pipeline: ['authorize', 'Messaging.access', 'Query.listMessages', 'audit'] },
  ...['getMessageAttachmentUrl'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Messaging.access', 'Messaging.invoke', 'audit'] })),
  ...['sendMessage', 'retractMessage', 'markConversationRead', 'createMessageAttachmentUpload'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Messaging.access', 'Messaging.invoke', 'audit'] }),
  ),
  { typeName: 'Subscription', fieldName: 'onSecureMessage', pipeline: ['authorize', 'Subscription.onSecureMessage', 'audit'] },
  // Secure messaging, the client principal's side (issue 12): the same steps after CLIENT_AUTHORIZE; clientConversations is audited by the Lambda (one entry per practice).
  { typeName: 'Query', fieldName: 'clientConversations', pipeline: [...CLIENT_AUTHORIZE, 'Messaging.invoke'] },
  { typeName: 'Query', fieldName: 'clientMessages', pipeline: [...CLIENT_AUTHORIZE, 'Messaging.access', 'Query.listMessages', 'audit'] },
  { typeName: 'Query', fieldName: 'getClientAttachmentUrl', pipeline: [...CLIENT_AUTHORIZE, 'Messaging.access', 'Messaging.invoke', 'audit'] },
  ...['sendClientMessage', 'retractClientMessage', 'markClientConversationRead', 'createClientAttachmentUpload'].map(
    (fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: [...CLIENT_AUTHORIZE, 'Messaging.access', 'Messaging.invoke', 'audit'] }),
  ),
  { typeName: 'Subscription', fieldName: 'onClientMessage', pipeline: [...CLIENT_AUTHORIZE, 'Subscription.onSecureMessage'] },
  // Measurement-based care (issue 13): a client's fields after ClientAccess.client (the caller's reach); alerts by the Lambda's scope; the client's side after CLIENT_AUTHORIZE.
  { typeName: 'Query', fieldName: 'assessmentInstruments', pipeline: ['authorize', 'Assessments.invoke'] },
  ...['listAssessmentAssignments', 'listAssessmentResponses'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'ClientAccess.client', 'Assessments.invoke', 'audit'] })),
  ...['assignAssessments', 'editAssessmentSchedule', 'stopAssessment'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'ClientAccess.client', 'Assessments.invoke', 'audit'] })),
  { typeName: 'Query', fieldName: 'listRiskAlerts', pipeline: ['authorize', 'Assessments.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'assessmentPopulation', pipeline: ['authorize', 'Assessments.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'assessmentWatchlist', pipeline: ['authorize', 'Assessments.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'insightsChart', pipeline: ['authorize', 'Insights.invoke', 'audit'] },
  { typeName: 'Mutation', fieldName: 'resolveRiskAlert', pipeline: ['authorize', 'Assessments.invoke', 'audit'] },
  // IAM only (schema @aws_iam): no member or client token reaches it, so no `authorize` step.
  { typeName: 'Mutation', fieldName: 'publishRiskAlert', pipeline: ['Mutation.publishRiskAlert'] },
  { typeName: 'Subscription', fieldName: 'onRiskAlert', pipeline: ['authorize', 'Subscription.onRiskAlert', 'audit'] },
  { typeName: 'Query', fieldName: 'clientOpenAssessments', pipeline: [...CLIENT_AUTHORIZE, 'Assessments.invoke'] },
  ...['saveClientAssessmentAnswers', 'submitClientAssessment'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: [...CLIENT_AUTHORIZE, 'Assessments.invoke'] })),
  // Insurance (issue 16): a client's fields after ClientAccess.client (the caller's practice and scope); payers need no client.
  ...['getClientInsurance', 'getNewCoverage'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'ClientAccess.client', 'Insurance.invoke', 'audit'] })),
  { typeName: 'Mutation', fieldName: 'updateClientInsurance', pipeline: ['authorize', 'ClientAccess.client', 'Insurance.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getCoverage', pipeline: ['authorize', 'Query.getCoverage', 'audit'] },
  ...['getAllPayers', 'getInsurancePayer', 'getPayerListEnrollments'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Insurance.invoke'] })),
  { typeName: 'Mutation', fieldName: 'enrollProviderToPayerList', pipeline: ['authorize', 'Insurance.invoke', 'audit'] },
  { typeName: 'Query', fieldName: 'getEligibilityRecheck', pipeline: ['authorize', 'Insurance.invoke'] },
  { typeName: 'Mutation', fieldName: 'startEligibilityRecheck', pipeline: ['authorize', 'Insurance.invoke', 'audit'] },
  // Claims (issue 16): every read and write of a claim or an ERA is audited (ids only).
  ...['listClaims', 'getClaim', 'getClaimFile', 'listClaimableSessions', 'listEras', 'listEraCandidates'].map((fieldName): ResolverDef => ({ typeName: 'Query', fieldName, pipeline: ['authorize', 'Claims.invoke', 'audit'] })),
  ...['createClaims', 'rescrubClaim', 'submitClaims', 'refreshClaimStatus', 'correctClaim', 'voidClaim', 'retrieveEras', 'uploadEra', 'postEra', 'matchEraItem', 'markEraItemNotOurs'].map((fieldName): ResolverDef => ({ typeName: 'Mutation', fieldName, pipeline: ['authorize', 'Claims.invoke', 'audit'] })),
];
