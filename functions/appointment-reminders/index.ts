/**
 * The scheduled entry point (EventBridge Scheduler every 5 minutes → this Lambda): runs every job of
 * jobs.ts (appointment reminders, assessment links, …) and logs their counts — never PHI.
 */
import { runScheduledJobs } from './jobs.ts';

export { sendDueReminders, type ReminderRun } from './reminders.ts';

export const handler = async (): Promise<Record<string, unknown>> => {
  const result = await runScheduledJobs();
  console.log(JSON.stringify(result));
  return result;
};
