import { Fragment, type MouseEvent } from 'react';
import { useT } from '../i18n/I18nProvider';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';
import { PublicLayout } from './PublicLayout';
import { Tabs, type TabItem } from './Tabs';
import '../i18n/pages/help';

/** A part of a help topic: a heading and a numbered list, a bullet list or a paragraph. */
interface HelpSection {
  id: string;
  kind: 'steps' | 'points' | 'text';
}

/**
 * The spec's four help tabs (part 1 §1), in its order. The tab id is the URL hash: /help#homework.
 * Texts: help.<topic>.title, help.<topic>.intro, help.<topic>.<section>.title and .1, .2, .3 (lists)
 * or .text.
 */
const TOPICS: Array<{ id: string; sections: HelpSection[] }> = [
  {
    id: 'access',
    sections: [
      { id: 'invite', kind: 'steps' },
      { id: 'notAccepted', kind: 'points' },
      { id: 'team', kind: 'text' },
    ],
  },
  {
    id: 'entries',
    sections: [
      { id: 'read', kind: 'points' },
      { id: 'stats', kind: 'text' },
    ],
  },
  {
    id: 'homework',
    sections: [
      { id: 'assign', kind: 'steps' },
      { id: 'followUp', kind: 'points' },
    ],
  },
  {
    id: 'assessments',
    sections: [
      { id: 'assign', kind: 'steps' },
      { id: 'results', kind: 'points' },
    ],
  },
];

function TopicContent({ topic, sections }: { topic: string; sections: HelpSection[] }) {
  const t = useT();
  const key = (section: string, part: string) => `help.${topic}.${section}.${part}`;
  const items = (section: string) => ['1', '2', '3'].map((n) => <li key={n}>{t(key(section, n))}</li>);
  return (
    <>
      <h2>{t(`help.${topic}.title`)}</h2>
      <p>{t(`help.${topic}.intro`)}</p>
      {sections.map(({ id, kind }) => (
        <Fragment key={id}>
          <h3>{t(key(id, 'title'))}</h3>
          {kind === 'steps' ? <ol>{items(id)}</ol> : kind === 'points' ? <ul>{items(id)}</ul> : <p>{t(key(id, 'text'))}</p>}
        </Fragment>
      ))}
    </>
  );
}

export default function HelpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useT();
  const fromHash = location.hash.slice(1);
  const selected = TOPICS.some((topic) => topic.id === fromHash) ? fromHash : TOPICS[0].id;
  const items: TabItem[] = TOPICS.map(({ id, sections }) => ({
    id,
    label: t(`help.${id}.title`),
    content: <TopicContent topic={id} sections={sections} />,
  }));

  // Back returns to the page the visitor came from; opened directly, it goes to the landing page.
  function back(event: MouseEvent<HTMLAnchorElement>) {
    const historyIndex = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (historyIndex > 0) {
      event.preventDefault();
      void navigate(-1);
    }
  }

  return (
    <PublicLayout>
      <section className="pub-section pub-help" aria-labelledby="help-title">
        <Link to="/" className="pub-back" onClick={back}>
          <ArrowLeftIcon />
          {t('help.back')}
        </Link>
        <h1 id="help-title">{t('help.title')}</h1>
        <p className="pub-lead">{t('help.lead')}</p>
        <Tabs
          label={t('help.topics')}
          items={items}
          selected={selected}
          onSelect={(id) => navigate({ hash: id }, { replace: true })}
        />
      </section>
    </PublicLayout>
  );
}
