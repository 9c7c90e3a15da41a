import Box from '@cloudscape-design/components/box';
import HelpPanel from '@cloudscape-design/components/help-panel';
import type { ReactNode } from 'react';
import { helpTopicIdFor, type HelpTopicId } from './help-routes';

export { hasHelpVideo, helpTopicIdFor, type HelpTopicId } from './help-routes';

/**
 * The help panel's topics (spec part 2 §2.3): homework, homework list, apps, groups, assessments
 * config, appointment and clients. Other routes have no topic and no help icon.
 */
export interface HelpTopic {
  id: string;
  title: string;
  body: ReactNode;
}

const TOPICS: Record<HelpTopicId, HelpTopic> = {
  clients: {
    id: 'clients',
    title: 'Clients',
    body: (
      <>
        <p>Your clients are listed here by name. Use the search at the top of the page to jump to a client: type at least two letters of the first name, or the full first name and the start of the last name.</p>
        <p>Choose Add to create a client. First and last name are required; add contact details and a date of birth (MM/DD/YYYY) so you can invite the client to share their app entries.</p>
        <p>Open a client to see their details, homework, assessments and app entries. Archiving a client hides them from the list; their records are kept.</p>
      </>
    ),
  },
  appointment: {
    id: 'appointment',
    title: 'Appointments',
    body: (
      <>
        <p>The calendar shows your sessions by month, week or day. Click a free time to schedule a session, or click a session to reschedule or cancel it.</p>
        <p>Telehealth sessions include a video link: start the call from the session when it is time, and share the client's link with them.</p>
        <p>Attendance (attended, no-show, cancelled, late cancelled) is recorded from the session and shown on the Appointment status page.</p>
      </>
    ),
  },
  homework: {
    id: 'homework',
    title: 'Assign or schedule homework',
    body: (
      <>
        <p>Homework is an exercise from one of the apps — a worksheet, a skill practice or a diary card — that your client completes on their phone.</p>
        <p>Choose a client or a group, pick the exercises, then assign them once or on a schedule (daily or weekly, with an end date). The client gets a reminder in the app.</p>
      </>
    ),
  },
  homeworkList: {
    id: 'homework-list',
    title: 'Homework list',
    body: (
      <>
        <p>Every homework assignment with its client, due date and whether it was done. Filter by client, group or status.</p>
        <p>Open a completed assignment to read what your client entered. Remove an assignment to stop its schedule; what was already done is kept.</p>
      </>
    ),
  },
  apps: {
    id: 'apps',
    title: 'Apps',
    body: (
      <>
        <p>The apps (ACT Coach, CBT Companion, DBT Coach, MI Coach, DBT Daily) are evidence-based therapy apps your clients use between sessions.</p>
        <p>Clients who accepted your invitation share their entries with you. Choose a client to see their entries, skills practice and diary cards by date.</p>
      </>
    ),
  },
  groups: {
    id: 'groups',
    title: 'Groups',
    body: (
      <>
        <p>A group gathers clients who take part in the same skills group, so you can assign homework to all of them at once.</p>
        <p>Create a group, add members from your clients, and set its schedule. Coordinators can manage groups and their homework.</p>
      </>
    ),
  },
  assessmentsConfig: {
    id: 'assessments-config',
    title: 'Assign assessments',
    body: (
      <>
        <p>Standardized assessments such as the PHQ-9 (depression) and GAD-7 (anxiety) measure how your client is doing over time.</p>
        <p>Choose a client and the assessments, then send them once or on a schedule. Your client completes them in the app; scores appear under Assessments › Results.</p>
      </>
    ),
  },
};

/** The help topic for a route, or null when the route has none. */
export function helpTopicFor(path: string): HelpTopic | null {
  const id = helpTopicIdFor(path);
  return id ? TOPICS[id] : null;
}

/** The tools panel's content for one topic. */
export function HelpTopicPanel({ topic }: { topic: HelpTopic }) {
  return (
    <HelpPanel header={<h2>{topic.title}</h2>}>
      <Box variant="div">{topic.body}</Box>
    </HelpPanel>
  );
}

/** The panel for a topic id: what the portal loads when the help panel first opens. */
export function HelpTopicPanelById({ id }: { id: HelpTopicId }) {
  return <HelpTopicPanel topic={TOPICS[id]} />;
}
