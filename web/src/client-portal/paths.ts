/** The client portal's paths (all under /portal/, its own route tree) and the client principal's group. */
export const PORTAL_ROOT = '/portal';

export const PORTAL_PATHS = {
  home: PORTAL_ROOT,
  signIn: `${PORTAL_ROOT}/signin`,
  forgotPassword: `${PORTAL_ROOT}/forgot-password`,
  invite: `${PORTAL_ROOT}/invite`,
  profile: `${PORTAL_ROOT}/profile`,
  security: `${PORTAL_ROOT}/security`,
} as const;

/** Where a signed-in client goes after signing in: back where they were sent from, if inside the portal. */
export function afterSignIn(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith(`${PORTAL_ROOT}/`)) return PORTAL_PATHS.home;
  const publicPages: string[] = [PORTAL_PATHS.signIn, PORTAL_PATHS.forgotPassword, PORTAL_PATHS.invite];
  return publicPages.includes(from) ? PORTAL_PATHS.home : from;
}
