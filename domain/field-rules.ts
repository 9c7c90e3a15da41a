/**
 * Every schema field and what it needs (issue 11's authorization matrix, extended by each domain):
 * FIELD_RULES, read by canCall() in permissions.ts — fail closed: a field missing here cannot be
 * called. The readings of the spec that shape it are at the top of permissions.ts.
 *
 * Imported by APPSYNC_JS resolvers (through permissions.ts): the same rules apply (no classes,
 * try/catch, regex, recursion, async).
 */
import { FEATURES, type Feature } from './plan.ts';
import { PERMISSIONS, type Permission } from './permission-names.ts';

const P = PERMISSIONS;
const F = FEATURES;

/** Any of these lets a member see appointments (and the appointment menu and pages, route-access.ts). */
export const APPOINTMENT_READ: Permission[] = [P.appointmentAll, P.appointmentOwn, P.appointmentLocked];
/** Any of these lets a member reach client billing (issue 15); the scope (practice or own clients) is the billing Lambda's. */
export const BILLING_RIGHTS: Permission[] = [P.clientBilling, P.clientBillingOwn, P.clientBillingNoClaims, P.billing, P.billingOwn];
/** Any of these lets a member create and change appointments. */
export const APPOINTMENT_WRITE: Permission[] = [P.appointmentAll, P.appointmentOwn];

/**
 * What a field needs: one permission, or any one of several (`anyOf`, as the routes in
 * route-access.ts say it) where the spec's rights are a union no single permission names. A rule
 * with neither lets nobody in (fail closed).
 */
export interface FieldRule {
  permission?: Permission;
  anyOf?: Permission[];
  /** Plan feature the practice's plan must include (absent: any plan). */
  feature?: Feature;
}

/** Every schema field and what it needs. A field missing here cannot be called (fail closed). */
export const FIELD_RULES: Record<string, FieldRule> = {
  'Query.me': { permission: P.selfRead },
  'Mutation.logUserAuthEvent': { permission: P.sessionLog },
  'Mutation.endSession': { permission: P.sessionLog },
  'Subscription.onUserAuthEvent': { permission: P.sessionWatch },
  'Query.getClients': { permission: P.clientRead, feature: F.clients },
  'Query.getClient': { permission: P.clientRead, feature: F.clients },
  'Mutation.addClient': { permission: P.clientCreate, feature: F.clients },
  'Mutation.editClient': { permission: P.clientEdit, feature: F.clients },
  'Mutation.removeClient': { permission: P.clientRemove, feature: F.clients },
  // Restoring undoes archiving: the same right (issue 19).
  'Mutation.restoreClient': { permission: P.clientRemove, feature: F.clients },
  // Video calls are clinical sessions: notes.own is held by exactly owner, admin and the clinician roles.
  'Query.getVideoToken': { permission: P.notesOwn },
  // Practice settings. Practice details: the PracticeDetails gate (owner, admin), a settings page
  // (professional). Billing settings and the insurance setting live on Billing And Service, which
  // has no menu gate and is always reachable (spec §2.2, §4): no plan gate; owner, admin and the
  // biller ("billing and services settings") hold settings.billingAndService.
  'Query.getPracticeDetails': { permission: P.practiceDetails, feature: F.settings },
  'Mutation.editPracticeDetails': { permission: P.practiceDetails, feature: F.settings },
  'Query.getBillingSettings': { permission: P.billingAndService },
  'Mutation.editBillingSettings': { permission: P.billingAndService },
  'Query.getInsuranceSetting': { permission: P.billingAndService },
  'Mutation.editInsuranceSetting': { permission: P.billingAndService },
  // Notifications (issue 12): the Notifications gate (spec §6: owner, admin, the clinician roles and
  // the supervisor) reads the practice's choices on a settings page (professional); changing them
  // changes what every client receives, so only the practice-settings holders (owner, admin) edit.
  'Query.getNotificationSettings': { permission: P.notifications, feature: F.settings },
  'Mutation.editNotificationSettings': { permission: P.practiceDetails, feature: F.settings },
  // Team members: the TeamMembers gate (owner, clinicianAdmin); every plan lists team members.
  'Query.listTeamMembers': { permission: P.teamMembers, feature: F.teamMembers },
  'Mutation.addTeamMember': { permission: P.teamMembers, feature: F.teamMembers },
  'Mutation.editTeamMember': { permission: P.teamMembers, feature: F.teamMembers },
  'Mutation.removeTeamMember': { permission: P.teamMembers, feature: F.teamMembers },
  // One's own profile: every role lists "profile"; coordinators (homework, groups only) do not.
  'Query.getTherapist': { permission: P.profile, feature: F.profile },
  'Mutation.editTherapist': { permission: P.profile, feature: F.profile },
  'Query.getProfilePhotoUrl': { permission: P.profile, feature: F.profile },
  'Mutation.getProfilePhotoUploadUrl': { permission: P.profile, feature: F.profile },
  'Mutation.confirmProfilePhoto': { permission: P.profile, feature: F.profile },
  // Plans: every member reads the offers and the practice's plan (the browser gates by it, spec
  // §2 local storage "currentPlan", "enterprisePlan"); changing it is UpgradePlan (owner, admin).
  // Upgrade plan is always reachable (§4): no plan gate.
  'Query.getProviderPlans': { permission: P.selfRead },
  'Query.getCurrentPlan': { permission: P.selfRead },
  'Query.hasEnterpriseSubscription': { permission: P.selfRead },
  'Mutation.changePlan': { permission: P.upgradePlan },
  // Apps used: the Apps gate (owner, admin and the three clinician roles), the coach apps (every plan).
  'Query.getAppsUsed': { permission: P.apps, feature: F.coachApps },
  'Query.getAppsUsedByTeamOwner': { permission: P.apps, feature: F.coachApps },
  'Query.getHideCommunitiesForApps': { permission: P.apps, feature: F.coachApps },
  'Query.getHideHealthNutritionForApps': { permission: P.apps, feature: F.coachApps },
  // Companion apps (issue 14): the Apps gate and the coach apps (every plan: Basic's promise is
  // entries). A client's fields go through ClientAccess.client (visible to the caller: 'own' roles
  // their own clients); the app page keeps an 'own' caller to their own clients (functions/companion).
  'Query.getCompanionSharing': { permission: P.apps, feature: F.coachApps },
  'Query.listCompanionClients': { permission: P.apps, feature: F.coachApps },
  // The per-app hide flags change what every client's app shows: the practice-settings holders (owner, admin), every plan.
  'Mutation.setAppHideFlags': { permission: P.practiceDetails, feature: F.coachApps },
  'Query.getClientCompanionEntries': { permission: P.apps, feature: F.coachApps },
  'Query.getClientCompanionStats': { permission: P.apps, feature: F.coachApps },
  'Mutation.inviteClientToShare': { permission: P.apps, feature: F.coachApps },
  // The companion-app API (the client principal): client.self through authorizeClient alone — the
  // entries are the client's, whatever practice (if any) they share with; no plan of their own.
  // Homework and groups (issue 14): Premium and Professional (the homework and groups features);
  // homework, homework-list and groups are what coordinators reach (spec §6). Whom a caller reaches
  // (every client, their own, or the members of the groups they facilitate) is the homework Lambda's.
  'Query.getHomeworkLibrary': { permission: P.homework, feature: F.homework },
  'Mutation.assignHomework': { permission: P.homework, feature: F.homework },
  'Query.listHomework': { anyOf: [P.homework, P.homeworkList], feature: F.homework },
  'Query.listGroups': { permission: P.groups, feature: F.groups },
  'Query.getGroupOverview': { permission: P.groups, feature: F.groups },
  'Mutation.createGroup': { permission: P.groups, feature: F.groups },
  'Mutation.editGroup': { permission: P.groups, feature: F.groups },
  // The client's homework (companion-app API and client portal): authorizeClient alone, as the companion fields.
  'Query.myHomework': { permission: P.clientSelf },
  'Mutation.completeHomework': { permission: P.clientSelf },
  // The EMDR item (spec: /app/emdr in the permission tables): the Apps gate, the coach apps.
  'Mutation.createEmdrHandoff': { permission: P.apps, feature: F.coachApps },
  'Query.myCompanionEntries': { permission: P.clientSelf },
  'Query.myCompanionSharing': { permission: P.clientSelf },
  'Query.myAppSettings': { permission: P.clientSelf },
  'Mutation.postCompanionEntry': { permission: P.clientSelf },
  'Mutation.setCompanionSharing': { permission: P.clientSelf },
  'Mutation.acceptCompanionInvitation': { permission: P.clientSelf },
  // Looking an e-mail up is part of inviting: TeamMembers (owner, admin).
  'Mutation.checkUserStatus': { permission: P.teamMembers, feature: F.teamMembers },
  // Account activity: the Activity gate (owner, admin) and the plans that list it (basic, professional).
  'Query.listAccountActivity': { permission: P.activity, feature: F.accountActivity },
  'Query.listAuditTrail': { permission: P.auditTrail },
  // Appointments (issue #7): reading needs any appointment right (own, all, locked — the scheduler
  // holds appointment.own), writing own or all; coordinators and roles without appointment rights
  // are Unauthorized here. How far the rights reach (own or all) is the Appointment.access step's
  // (domain/appointment/access.ts appointmentAccess).
  'Query.listAppointments': { anyOf: APPOINTMENT_READ, feature: F.appointments },
  'Query.getAppointment': { anyOf: APPOINTMENT_READ, feature: F.appointments },
  'Query.getServicesOffered': { anyOf: APPOINTMENT_READ, feature: F.appointments },
  // Client billing (issue 15), the Billing feature (Professional's "Client Billing"). Any client-billing
  // right calls these; how far it reaches is the billing Lambda's (functions/billing/request.ts
  // billingScope): the practice for owner, admin, biller and scheduler ("client billing without
  // claims" — none of these fields is a claim), their own clients (therapistId) for
  // clinicianFullClient and clinicianBasicBilling. The catalog is also read by whoever edits
  // Billing and Service (settings.billingAndService) and edited only by them.
  'Query.getBillingCatalog': { anyOf: BILLING_RIGHTS.concat([P.billingAndService]), feature: F.billing },
  'Mutation.editBillingCatalog': { permission: P.billingAndService, feature: F.billing },
  'Query.listBilling': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Query.getClientBilling': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Query.getInvoiceById': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Query.getInvoicePdf': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.editClientBillingProfile': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.createInvoice': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.sendInvoice': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.voidInvoice': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.recordPayment': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.refundPayment': { anyOf: BILLING_RIGHTS, feature: F.billing },
  // The client principal's invoices: client.self; the Billing feature per linked practice (authorizeClient.practices).
  'Query.clientInvoices': { permission: P.clientSelf, feature: F.billing },
  'Query.clientInvoicePdf': { permission: P.clientSelf, feature: F.billing },
  'Query.getAppointmentSettings': { anyOf: APPOINTMENT_READ, feature: F.appointments },
  'Query.listClinicians': { anyOf: APPOINTMENT_READ, feature: F.appointments },
  'Mutation.createAppointment': { anyOf: APPOINTMENT_WRITE, feature: F.appointments },
  'Mutation.editAppointment': { anyOf: APPOINTMENT_WRITE, feature: F.appointments },
  'Mutation.cancelAppointment': { anyOf: APPOINTMENT_WRITE, feature: F.appointments },
  'Mutation.setAppointmentStatus': { anyOf: APPOINTMENT_WRITE, feature: F.appointments },
  // The practice's appointment rules are practice settings: the PracticeDetails gate (owner, admin).
  'Mutation.editAppointmentSettings': { permission: P.practiceDetails, feature: F.appointments },
  // Progress notes: clinical records of the clinician roles (notes.own: owner, admin and the three
  // clinician roles); whose notes one reads is decided per note (own, or notes.all).
  'Query.getProgessNoteMetadata': { permission: P.notesOwn, feature: F.appointments },
  'Query.getProgressNote': { permission: P.notesOwn, feature: F.appointments },
  'Mutation.createProgressNote': { permission: P.notesOwn, feature: F.appointments },
  'Mutation.clientPayInvoices': { permission: P.clientSelf, feature: F.billing },
  'Query.clientBillingDocumentPdf': { permission: P.clientSelf, feature: F.billing },
  // Billing documents (issue 15): the client-billing rights; how far they reach is the Lambda's (billingScope).
  'Query.listBillingDocuments': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Query.getBillingDocumentPdf': { anyOf: BILLING_RIGHTS, feature: F.billing },
  'Mutation.generateBillingDocument': { anyOf: BILLING_RIGHTS, feature: F.billing },
  // A month's statements in the background (issue 15, session 8): the whole practice's, so the billing right (owner, clinicianAdmin, biller).
  'Mutation.startStatementRun': { permission: P.billing, feature: F.billing },
  'Query.getStatementRun': { permission: P.billing, feature: F.billing },
  // Client subscriptions (issue 15): the Subscription gate (owner, clinicianAdmin, clinicianBasic) and plan feature; own clients for clinicianBasic (the billing Lambda).
  'Query.getClientSubscription': { permission: P.subscription, feature: F.subscription },
  // Session packages (session 8): the same gate; saving a package is the whole practice's (the Lambda refuses own-client callers).
  'Query.getClientPackages': { permission: P.subscription, feature: F.subscription },
  'Mutation.saveClientPackagePlan': { permission: P.subscription, feature: F.subscription },
  'Query.clientPackages': { permission: P.clientSelf, feature: F.billing },
  'Mutation.clientStartPackage': { permission: P.clientSelf, feature: F.billing },
  'Mutation.assignClientSubscription': { permission: P.subscription, feature: F.subscription },
  'Mutation.endClientPackage': { permission: P.subscription, feature: F.subscription },
  'Mutation.editProgressNote': { permission: P.notesOwn, feature: F.appointments },
  // Consent documents (issue 12): the Documents settings page — owner and clinicianAdmin
  // (settings.documents); settings pages are Professional (settings). Intake forms and their
  // template library: the NotesAndForms settings page (settings.notesAndForms), the same plan gate.
  'Query.getConsentDocuments': { permission: P.documents, feature: F.settings },
  'Mutation.addConsentDocument': { permission: P.documents, feature: F.settings },
  'Mutation.editConsentDocument': { permission: P.documents, feature: F.settings },
  'Mutation.deleteConsentDocument': { permission: P.documents, feature: F.settings },
  'Query.getTemplateLibraryMetadata': { permission: P.notesAndForms, feature: F.settings },
  'Query.getTherapistIntakeFormSettings': { permission: P.notesAndForms, feature: F.settings },
  'Mutation.setTherapistIntakeFormSettings': { permission: P.notesAndForms, feature: F.settings },
  'Mutation.removeTherapistIntakeFormSettings': { permission: P.notesAndForms, feature: F.settings },
  'Mutation.setTherapistIntakeFormSettingsDefault': { permission: P.notesAndForms, feature: F.settings },
  // A client's documents (issue 12), the Client Portal feature. The clinician side goes with the
  // client's record: reading their documents and answers is client.read on that client; accepting
  // answers into the record and sharing documents to the client are client.edit (the same rights
  // as inviting them). The client's own side is client.self (authorizeClient, per link).
  'Query.getClientDocuments': { permission: P.clientRead, feature: F.clientPortal },
  'Query.getSignedConsentPdf': { permission: P.clientRead, feature: F.clientPortal },
  'Mutation.acceptIntakeAnswers': { permission: P.clientEdit, feature: F.clientPortal },
  'Mutation.shareClientDocuments': { permission: P.clientEdit, feature: F.clientPortal },
  'Query.clientDocuments': { permission: P.clientSelf, feature: F.clientPortal },
  'Mutation.signConsentDocument': { permission: P.clientSelf, feature: F.clientPortal },
  'Mutation.submitIntakeForm': { permission: P.clientSelf, feature: F.clientPortal },
  // Client identity (issue 12). A client's portal access goes with the client's record: seeing it
  // needs client.read on that client, inviting and revoking client.edit (the client's e-mail comes
  // from the record, so inviting is editing what the client can reach). The portal's settings are
  // the ClientPortal settings page (owner, admin). All of it is the Client Portal feature (Professional).
  'Query.getClientPortalAccess': { permission: P.clientRead, feature: F.clientPortal },
  'Mutation.inviteClientToPortal': { permission: P.clientEdit, feature: F.clientPortal },
  'Mutation.revokeClientPortalAccess': { permission: P.clientEdit, feature: F.clientPortal },
  'Query.getClientPortalDetails': { permission: P.clientPortal, feature: F.clientPortal },
  'Mutation.addClientPortal': { permission: P.clientPortal, feature: F.clientPortal },
  // The client principal's fields: client.self (no role holds it, so clinicians are refused); the
  // feature is checked per practice, on each of the client's links (authorizeClient).
  'Query.clientMe': { permission: P.clientSelf, feature: F.clientPortal },
  'Query.clientAppointments': { permission: P.clientSelf, feature: F.clientPortal },
  'Mutation.editClientProfile': { permission: P.clientSelf, feature: F.clientPortal },
  // Signing out needs no practice: a client whose every link was revoked can still end their session.
  'Mutation.endClientSession': { permission: P.clientSelf },
  // Secure messaging (issue 12): the SecureMessaging feature; whose conversations a member reaches
  // (secure.messaging by client scope, or a clinician's own clients; none for the other roles) is the
  // Messaging.access step's and the subscription's (domain/messaging/access.ts messagingScope).
  'Query.listConversations': { permission: P.selfRead, feature: F.secureMessaging },
  'Query.unreadMessageCount': { permission: P.selfRead, feature: F.secureMessaging },
  'Query.listMessages': { permission: P.selfRead, feature: F.secureMessaging },
  'Query.getMessageAttachmentUrl': { permission: P.selfRead, feature: F.secureMessaging },
  'Mutation.sendMessage': { permission: P.selfRead, feature: F.secureMessaging },
  'Mutation.retractMessage': { permission: P.selfRead, feature: F.secureMessaging },
  'Mutation.markConversationRead': { permission: P.selfRead, feature: F.secureMessaging },
  'Mutation.createMessageAttachmentUpload': { permission: P.selfRead, feature: F.secureMessaging },
  'Subscription.onSecureMessage': { permission: P.selfRead, feature: F.secureMessaging },
  // The client principal's side of secure messaging: client.self, the SecureMessaging feature checked
  // per practice on the client's links (authorizeClient.practices); which conversation, Messaging.access.
  'Query.clientConversations': { permission: P.clientSelf, feature: F.secureMessaging },
  'Query.clientMessages': { permission: P.clientSelf, feature: F.secureMessaging },
  'Query.getClientAttachmentUrl': { permission: P.clientSelf, feature: F.secureMessaging },
  'Mutation.sendClientMessage': { permission: P.clientSelf, feature: F.secureMessaging },
  'Mutation.retractClientMessage': { permission: P.clientSelf, feature: F.secureMessaging },
  'Mutation.markClientConversationRead': { permission: P.clientSelf, feature: F.secureMessaging },
  'Mutation.createClientAttachmentUpload': { permission: P.clientSelf, feature: F.secureMessaging },
  'Subscription.onClientMessage': { permission: P.clientSelf, feature: F.secureMessaging },
  // Measurement-based care (issue 13): the Assessments feature (premium, professional) and the
  // assessments permission (owner, clinicianAdmin and the three clinician roles; not supervisor,
  // biller or scheduler). Which clients: the client's reach (ClientAccess.client: an 'own' scope
  // sees only their own clients); risk alerts: a clinician's own clients', practice-wide with client.all.
  'Query.assessmentInstruments': { permission: P.assessments, feature: F.assessments },
  'Query.listAssessmentAssignments': { permission: P.assessments, feature: F.assessments },
  'Query.listAssessmentResponses': { permission: P.assessments, feature: F.assessments },
  'Query.listRiskAlerts': { permission: P.assessments, feature: F.assessments },
  'Query.assessmentPopulation': { permission: P.assessments, feature: F.assessments },
  'Query.assessmentWatchlist': { permission: P.assessments, feature: F.assessments },
  'Subscription.onRiskAlert': { permission: P.assessments, feature: F.assessments },
  // Insights (issue 13): the Insights plan feature (basic, professional); the Insights right or Apps (the
  // clinicians: "view client entries (Insights)"); what each chart reaches is domain/insights/charts.ts.
  'Query.insightsChart': { anyOf: [P.insights, P.apps], feature: F.insights },
  // Mutation.publishRiskAlert has no entry: IAM only (the assessments Lambdas), never a member.
  'Mutation.assignAssessments': { permission: P.assessments, feature: F.assessments },
  'Mutation.editAssessmentSchedule': { permission: P.assessments, feature: F.assessments },
  'Mutation.stopAssessment': { permission: P.assessments, feature: F.assessments },
  'Mutation.resolveRiskAlert': { permission: P.assessments, feature: F.assessments },
  // The client's side: client.self, the Assessments feature checked per practice on the links.
  'Query.clientOpenAssessments': { permission: P.clientSelf, feature: F.assessments },
  'Mutation.saveClientAssessmentAnswers': { permission: P.clientSelf, feature: F.assessments },
  'Mutation.submitClientAssessment': { permission: P.clientSelf, feature: F.assessments },
  // Insurance (issue 16, spec §6): biller, owner and clinicianAdmin the whole suite (billing, coverage,
  // insurance.payers); clinicianBasicBilling their own clients' insurance and checks (billing.own;
  // ClientAccess.client and getCoverage keep them to their clients); scheduler and the other roles
  // none ("client billing without claims"). Plan gates: Insurance Billing (billing) and Coverage.
  'Query.getClientInsurance': { anyOf: [P.billing, P.billingOwn, P.coverage], feature: F.billing },
  'Mutation.updateClientInsurance': { anyOf: [P.billing, P.billingOwn, P.coverage], feature: F.billing },
  'Query.getNewCoverage': { anyOf: [P.coverage, P.billingOwn], feature: F.coverage },
  'Query.getCoverage': { anyOf: [P.coverage, P.billingOwn], feature: F.coverage },
  // Recheck now (session 8): every insured client of the practice, so the practice-wide Coverage right only (not billing.own).
  'Mutation.startEligibilityRecheck': { permission: P.coverage, feature: F.coverage },
  'Query.getEligibilityRecheck': { permission: P.coverage, feature: F.coverage },
  'Query.getAllPayers': { anyOf: [P.insurancePayers, P.billing, P.billingOwn, P.coverage], feature: F.billing },
  'Query.getInsurancePayer': { anyOf: [P.insurancePayers, P.billing, P.billingOwn, P.coverage], feature: F.billing },
  'Query.getPayerListEnrollments': { permission: P.insurancePayers, feature: F.settings },
  'Mutation.enrollProviderToPayerList': { permission: P.insurancePayers, feature: F.settings },
  // Claims (issue 16, spec §6): the billing suite (owner, clinicianAdmin, biller) all claims;
  // clinicianBasicBilling (billing.own) their own (the claims Lambda's scope); scheduler ("client
  // billing without claims") and the others none. ERA posting is the practice's money: the suite
  // only. Plan gate: Insurance Billing (billing, Professional).
  'Query.listClaims': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Query.getClaim': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Query.getClaimFile': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Query.listClaimableSessions': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.createClaims': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.rescrubClaim': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.submitClaims': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.refreshClaimStatus': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.correctClaim': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Mutation.voidClaim': { anyOf: [P.billing, P.billingOwn], feature: F.billing },
  'Query.listEras': { permission: P.billing, feature: F.billing },
  'Mutation.retrieveEras': { permission: P.billing, feature: F.billing },
  'Mutation.uploadEra': { permission: P.billing, feature: F.billing },
  'Mutation.postEra': { permission: P.billing, feature: F.billing },
  'Query.listEraCandidates': { permission: P.billing, feature: F.billing },
  'Mutation.matchEraItem': { permission: P.billing, feature: F.billing },
  'Mutation.markEraItemNotOurs': { permission: P.billing, feature: F.billing },
  // Supervision (issue 18): the owner and clinicianAdmin assign supervisors (TeamMembers, as the
  // team page); the supervision right (supervisor, owner) lists, reads, co-signs and returns — only
  // its supervisees' notes (functions/supervision). A note's co-signature state: its clinician
  // (notes.own), notes.all, or its supervisor.
  'Query.listSupervisions': { permission: P.teamMembers, feature: F.teamMembers },
  'Mutation.setSupervisors': { permission: P.teamMembers, feature: F.teamMembers },
  'Query.listNotesAwaitingCosign': { permission: P.supervision },
  'Query.getSupervisedNote': { permission: P.supervision },
  'Mutation.cosignProgressNote': { permission: P.supervision },
  'Mutation.returnProgressNote': { permission: P.supervision },
  'Query.getNoteCosign': { anyOf: [P.notesOwn, P.notesAll, P.supervision] },
  // Per-payer "requires supervising provider" on claims: the insurance payers right, as enrollment.
  'Query.getPayerClaimSettings': { permission: P.insurancePayers, feature: F.settings },
  'Mutation.setPayerClaimSetting': { permission: P.insurancePayers, feature: F.settings },
  // Clients summary (issue 18): ClientsSummary (owner, clinicianAdmin) practice-wide; the summaries
  // holders (the dashboard's clinicians and scheduler) their scope (functions/summary). Every plan.
  'Query.getClientsSummary': { anyOf: [P.clientsSummary, P.summaries], feature: F.clients },
  // Data export (issue 18): DataExport — clinicianAdmin, and the owner ("everything"). Every plan.
  'Mutation.startDataExport': { permission: P.dataExport },
  'Query.getDataExport': { permission: P.dataExport },
  'Query.listDataExports': { permission: P.dataExport },
  // Demo data (issue 18): DemoData — the owner (and clinicianAdmin, "as owner"). Every plan.
  'Query.getDemoData': { permission: P.demoData },
  'Mutation.loadDemoData': { permission: P.demoData },
  'Mutation.removeDemoData': { permission: P.demoData },
};
