import Box from '@cloudscape-design/components/box';
import HelpPanel from '@cloudscape-design/components/help-panel';
import type { ReactNode } from 'react';
import { useT, type I18n } from '../i18n/I18nProvider';
import { ENGLISH_TRANSLATOR } from '../i18n/translator';
import { helpTopicIdFor, type HelpTopicId } from './help-routes';
import '../i18n/pages/console-help';

export { hasHelpVideo, helpTopicIdFor, type HelpTopicId } from './help-routes';

/**
 * The help panel's topics (spec part 2 §2.3): homework, homework list, apps, groups, assessments
 * config, appointment and clients. Other routes have no topic and no help icon. Texts under
 * helpTopic.<topic>.title and helpTopic.<topic>.1, .2, ... (one per paragraph).
 */
export interface HelpTopic {
  id: string;
  title: string;
  body: ReactNode;
}

const TOPICS: Record<HelpTopicId, { id: string; paragraphs: number }> = {
  clients: { id: 'clients', paragraphs: 3 },
  appointment: { id: 'appointment', paragraphs: 3 },
  homework: { id: 'homework', paragraphs: 2 },
  homeworkList: { id: 'homework-list', paragraphs: 2 },
  apps: { id: 'apps', paragraphs: 2 },
  groups: { id: 'groups', paragraphs: 2 },
  assessmentsConfig: { id: 'assessments-config', paragraphs: 2 },
};

function topic(key: HelpTopicId, t: I18n['t']): HelpTopic {
  const { id, paragraphs } = TOPICS[key];
  return {
    id,
    title: t(`helpTopic.${key}.title`),
    body: (
      <>
        {Array.from({ length: paragraphs }, (_, i) => (
          <p key={i}>{t(`helpTopic.${key}.${i + 1}`)}</p>
        ))}
      </>
    ),
  };
}

/** The help topic for a route, or null when the route has none (in English unless given `t`). */
export function helpTopicFor(path: string, t: I18n['t'] = ENGLISH_TRANSLATOR.t): HelpTopic | null {
  const id = helpTopicIdFor(path);
  return id ? topic(id, t) : null;
}

/** The tools panel's content for one topic. */
export function HelpTopicPanel({ topic }: { topic: HelpTopic }) {
  return (
    <HelpPanel header={<h2>{topic.title}</h2>}>
      <Box variant="div">{topic.body}</Box>
    </HelpPanel>
  );
}

/** The panel for a topic id, in the page's language: what the portal loads when the help panel first opens. */
export function HelpTopicPanelById({ id }: { id: HelpTopicId }) {
  const t = useT();
  return <HelpTopicPanel topic={topic(id, t)} />;
}
