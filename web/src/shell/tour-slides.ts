/** The welcome tour's slides, in the spec's order (part 2 §2.4). */
export interface TourSlide {
  title: string;
  text: string;
}

export const TOUR_SLIDES: readonly TourSlide[] = [
  {
    title: 'Welcome to Practice Portal',
    text: 'Practice Portal for Clinicians brings your clients, their therapy apps, homework, assessments and scheduling together. This short tour shows where to start.',
  },
  {
    title: 'Set up your profile',
    text: 'Open Profile from the menu at the top right to add your photo, contact details, licenses and provider details. Clients see your name and photo when you invite them.',
  },
  {
    title: 'Add client details',
    text: 'Choose Add in the top bar to create a client. A first and last name are enough to begin; contact details let you invite them and send reminders.',
  },
  {
    title: 'Invite clients to share app entries',
    text: 'Invite a client from their page. Once they accept in the app, the entries they make in DBT Coach, CBT Companion and the other apps are shared with you.',
  },
  {
    title: 'View client entries (Insights)',
    text: "Insights charts your clients' app entries — mood, skills use and diary cards — so you can review the week before a session.",
  },
  {
    title: 'Manage homework',
    text: 'Assign exercises from the apps as homework, once or on a schedule, to a client or a group, and see in the homework list what was done.',
  },
  {
    title: 'Assign standardized assessments',
    text: 'Send standardized assessments such as the PHQ-9 and GAD-7. Your clients complete them in the app and the scores come back to you.',
  },
  {
    title: 'Track client progress',
    text: 'Follow assessment scores and app activity over time to see how each client is progressing, and share the progress with them.',
  },
];

/** How long each slide stays before the tour moves on by itself. */
export const TOUR_AUTOPLAY_MS = 6000;
