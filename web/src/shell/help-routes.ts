/**
 * Which routes have a help topic and which the help video (spec part 2 §2.3): topics for homework,
 * homework list, apps, groups, assessments config, appointment and clients; other routes have
 * none. The topics' text is in help-topics.tsx, loaded when the help panel first opens.
 */
export type HelpTopicId = 'clients' | 'appointment' | 'homework' | 'homeworkList' | 'groups' | 'assessmentsConfig' | 'apps';

const APP_ROUTES = ['/app/act-coach', '/app/cbt-companion', '/app/dbt-coach', '/app/mi-coach', '/app/dbt-daily', '/app/ifs-companion', '/app/demo-designs'];

/** The help topic of a route, or null when the route has none. */
export function helpTopicIdFor(path: string): HelpTopicId | null {
  const route = path.replace(/\/+$/, '');
  if (route === '/app/clients' || route.startsWith('/app/clients/')) return 'clients';
  if (route === '/app/appointment') return 'appointment';
  if (route === '/app/homework') return 'homework';
  if (route === '/app/homework-list') return 'homeworkList';
  if (route === '/app/groups') return 'groups';
  if (route === '/app/assessments/config') return 'assessmentsConfig';
  if (APP_ROUTES.includes(route)) return 'apps';
  return null;
}

/**
 * The help video's file. None is shipped yet, so no route offers the help video (issue 19: real
 * content or not offered); set it to the video's address to offer it again.
 */
export const HELP_VIDEO_SRC: string | null = null;

/** The help video is offered on the appointment route only (spec part 2 §2.3), once there is a video to play. */
export const hasHelpVideo = (path: string) => HELP_VIDEO_SRC !== null && path.replace(/\/+$/, '') === '/app/appointment';
