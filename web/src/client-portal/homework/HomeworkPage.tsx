import { useEffect, useId, useState } from 'react';
import { Notice } from '../parts/form';
import { completeHomework, myEntries, myHomework, type ClientHomework, type MyEntry } from './api';
import { useHomeworkTexts } from './texts';

type Status = { kind: 'error' | 'success'; text: string } | null;

/** One open homework: what to do, when it is due, Mark as done (with one of my entries of its app, if I choose). */
function OpenHomework({ h, busy, onDone }: { h: ClientHomework; busy: boolean; onDone(h: ClientHomework, entryId: string | null): void }) {
  const { ht, formatDate } = useHomeworkTexts();
  const [entries, setEntries] = useState<MyEntry[]>([]);
  const [entryId, setEntryId] = useState('');
  const id = useId();
  useEffect(() => {
    if (!h.app || !h.entryType) return;
    void myEntries(h.app, h.entryType, h.opensOn).then((o) => o.ok && setEntries(o.value));
  }, [h.app, h.entryType, h.opensOn]);
  return (
    <li className="cp-card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{h.title}</h3>
      <p>{ht(h.state === 'OVERDUE' ? 'overdue' : 'due', { date: formatDate(h.dueDate), practice: h.practiceName })}</p>
      {h.instructions && <p>{h.instructions}</p>}
      {entries.length > 0 && (
        <div className="cp-field">
          <label htmlFor={`${id}-entry`}>{ht('linkEntry')}</label>
          <select id={`${id}-entry`} value={entryId} onChange={(e) => setEntryId(e.target.value)}>
            <option value="">{ht('noEntry')}</option>
            {entries.map((e) => <option key={e.id} value={e.id}>{ht('entryOf', { date: formatDate(e.date) })}</option>)}
          </select>
        </div>
      )}
      <button type="button" className="cp-button" disabled={busy} onClick={() => onDone(h, entryId || null)}>{ht('markDone')}</button>
    </li>
  );
}

/**
 * The client's Homework page (`/portal/homework`; issue 14): what their practices assigned —
 * exercises and worksheets from the apps and tasks — soonest due first, overdue ones said so; Mark
 * as done, optionally linking the entry that shows it; what was done lately below.
 */
export default function HomeworkPage() {
  const { ht, formatDate } = useHomeworkTexts();
  const [items, setItems] = useState<ClientHomework[] | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => void myHomework().then((o) => (o.ok ? setItems(o.value) : (setItems([]), setStatus({ kind: 'error', text: o.message ?? ht('failed') }))));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening the page
  useEffect(reload, []);

  const done = async (h: ClientHomework, entryId: string | null) => {
    setBusy(true);
    setStatus(null);
    const o = await completeHomework(h, entryId);
    setBusy(false);
    if (!o.ok) return setStatus({ kind: 'error', text: o.message ?? ht('failed') });
    setStatus({ kind: 'success', text: ht('marked', { title: h.title }) });
    reload();
  };

  const open = (items ?? []).filter((h) => h.state !== 'DONE');
  const finished = (items ?? []).filter((h) => h.state === 'DONE');
  return (
    <>
      <h1>{ht('title')}</h1>
      <p>{ht('intro')}</p>
      {status && <Notice kind={status.kind}>{status.text}</Notice>}
      <section aria-labelledby="homework-open">
        <h2 id="homework-open">{ht('openTitle')}</h2>
        {items === null && <p role="status">{ht('loading')}</p>}
        {items && open.length === 0 && <p>{ht('none')}</p>}
        {open.length > 0 && <ul className="cp-list">{open.map((h) => <OpenHomework key={h.id} h={h} busy={busy} onDone={(x, e) => void done(x, e)} />)}</ul>}
      </section>
      {finished.length > 0 && (
        <section className="cp-card" aria-labelledby="homework-done">
          <h2 id="homework-done">{ht('doneTitle')}</h2>
          <ul className="cp-list">
            {finished.map((h) => <li key={h.id}>{ht('doneItem', { title: h.title, date: formatDate((h.doneAt ?? h.dueDate).slice(0, 10)) })}</li>)}
          </ul>
        </section>
      )}
    </>
  );
}
