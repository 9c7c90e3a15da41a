/**
 * Public REST gateway routes (pre-login calls): read by the Api stack (HTTP API) and by the local
 * runtime's gateway. `handler` is the folder under functions/ whose index.ts exports `handler`.
 */
export interface PublicRoute {
  method: 'POST' | 'GET';
  path: string;
  handler: string;
}

export const PUBLIC_ROUTES: PublicRoute[] = [
  { method: 'POST', path: '/checkTherapist', handler: 'check-therapist' },
  { method: 'POST', path: '/verifyNpi', handler: 'verify-npi' },
  { method: 'POST', path: '/stageProvider', handler: 'stage-provider' },
  { method: 'POST', path: '/doesUserExist', handler: 'does-user-exist' },
  { method: 'POST', path: '/confirmProvider', handler: 'confirm-provider' },
  // First-time SMS MFA setup: proves the password, texts a code, then enrolls the verified phone.
  { method: 'POST', path: '/startSmsMfaSetup', handler: 'sms-mfa-setup' },
  { method: 'POST', path: '/confirmSmsMfaSetup', handler: 'sms-mfa-setup' },
  // "User Already Exists" → Yes: proves the app account's password, stages and finalizes the sign-up.
  { method: 'POST', path: '/reuseAccount', handler: 'reuse-account' },
  // A client's guest ticket for a room the clinician started (404 otherwise); no PHI in or out.
  { method: 'POST', path: '/getVideoTokenPublic', handler: 'video-join' },
  // The client portal invitation (issue 12): what a token opens, and accepting it (new account or an existing one's password).
  { method: 'POST', path: '/clientInvitation', handler: 'client-invitation' },
  { method: 'POST', path: '/acceptClientInvitation', handler: 'client-invitation' },
  // The single-use assessment link (issue 13): what it opens, answers saved as they go, submitting (spends it).
  { method: 'POST', path: '/assessmentLink', handler: 'assessment-link' },
  { method: 'POST', path: '/saveAssessmentLink', handler: 'assessment-link' },
  { method: 'POST', path: '/submitAssessmentLink', handler: 'assessment-link' },
  // The card processor's webhook (issue 15): Stripe's signed events about client card payments (no sign-in; the signature is the proof).
  { method: 'POST', path: '/paymentWebhook', handler: 'payment-webhook' },
  // The EMDR hand-off (issue 14): the external EMDR app's server exchanges a single-use code, with its own secret.
  { method: 'POST', path: '/emdrHandoff', handler: 'emdr-handoff' },
];
