/**
 * The portal's fixed paths, one name each (issue 17): where a signed-in user lands (after sign-in,
 * on /app, "back to clients") and the plan-upgrade page. A leaf module so public pages and the
 * sign-in code can import it without pulling in the portal.
 */
export const HOME_PATH = '/app/clients';
export const UPGRADE_PATH = '/app/upgrade-plan';
/** The practice at a glance (issue 13): where the public pages' Dashboard button leads a signed-in user (the route gate sends a role without it home). */
export const DASHBOARD_PATH = '/app/dashboard';
