import { useEffect, useId, useState } from 'react';
import { Field, Form, Notice, Submit } from '../parts/form';
import { acceptInvitation, mySharing, postEntry, setSharing, type Sharing } from './api';
import { useEntryTexts } from './texts';

const EMOTIONS = ['sadness', 'anger', 'fear', 'shame', 'guilt', 'joy'];
const URGES = ['selfHarm', 'suicide', 'substanceUse', 'quitTherapy'];
const today = () => new Date().toLocaleDateString('en-CA');

type Status = { kind: 'error' | 'success'; text: string } | null;

/** A 0–max rating as a labelled number field (keyboard and screen readers: native input). */
function Rating({ label, value, onChange, max }: { label: string; value: string; onChange(v: string): void; max: number }) {
  return <Field label={label} value={value} onChange={onChange} type="number" inputMode="numeric" min={0} max={max} step={1} />;
}

function LongText({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  const id = useId();
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} rows={3} maxLength={2000} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== ''));

/**
 * The client's App entries page (`/portal/entries`; issue 14): accept a practice's invitation by code
 * (prefilled from the link's `#code=`), see and change what is shared, and fill a DBT diary card or a
 * CBT thought record — the same entries the companion apps send, on a phone or a laptop.
 */
export default function EntriesPage() {
  const { et } = useEntryTexts();
  const [shares, setShares] = useState<Sharing[] | null>(null);
  const codeInLink = () => new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
  const [code, setCode] = useState(codeInLink);
  // The invitation's link opened while the page is already open: only the fragment changes.
  useEffect(() => {
    const follow = () => codeInLink() && setCode(codeInLink());
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const [day, setDay] = useState(today());
  const [ratings, setRatings] = useState<Record<string, string>>({});
  const [skills, setSkills] = useState('');
  const [notes, setNotes] = useState('');
  const [tr, setTr] = useState<Record<string, string>>({});

  const reload = () => void mySharing().then((o) => setShares(o.ok ? o.value : []));
  useEffect(reload, []);
  const fail = (message: string | null) => setStatus({ kind: 'error', text: message ?? et('failed') });

  const accept = async () => {
    setBusy(true);
    const o = await acceptInvitation(code);
    setBusy(false);
    if (!o.ok) return fail(o.message);
    setStatus({ kind: 'success', text: et('accepted', { practice: o.value[0]?.practiceName ?? '' }) });
    setCode('');
    reload();
  };
  const toggle = async (s: Sharing) => {
    setBusy(true);
    const o = await setSharing(s, s.state !== 'SHARING');
    setBusy(false);
    if (!o.ok) return fail(o.message);
    reload();
  };
  const saveCard = async () => {
    setBusy(true);
    const pick = (names: string[], prefix: string) => clean(Object.fromEntries(names.map((n) => [n, num(ratings[prefix + n] ?? '')])));
    const data = clean({ emotions: pick(EMOTIONS, 'e.'), urges: pick(URGES, 'u.'), skillsUsed: skills.split(',').map((s) => s.trim()).filter(Boolean), notes });
    if (Array.isArray(data.skillsUsed) && data.skillsUsed.length === 0) delete data.skillsUsed;
    const o = await postEntry('DBT_COACH', 'DIARY_CARD', day, data);
    setBusy(false);
    if (!o.ok) return fail(o.message);
    setStatus({ kind: 'success', text: et('saved', { date: o.value.date }) });
    setRatings({});
    setSkills('');
    setNotes('');
  };
  const saveThought = async () => {
    setBusy(true);
    const data = clean({ situation: tr.situation, automaticThought: tr.automaticThought, emotion: tr.emotion, intensityBefore: num(tr.before ?? ''), intensityAfter: num(tr.after ?? ''), balancedThought: tr.balancedThought });
    const o = await postEntry('CBT_COMPANION', 'THOUGHT_RECORD', day, data);
    setBusy(false);
    if (!o.ok) return fail(o.message);
    setStatus({ kind: 'success', text: et('saved', { date: o.value.date }) });
    setTr({});
  };
  const rate = (key: string) => (v: string) => setRatings((r) => ({ ...r, [key]: v }));
  const put = (key: string) => (v: string) => setTr((r) => ({ ...r, [key]: v }));

  return (
    <>
      <h1>{et('title')}</h1>
      <p>{et('intro')}</p>
      {status && <Notice kind={status.kind}>{status.text}</Notice>}

      <section className="cp-card" aria-labelledby="entries-sharing">
        <h2 id="entries-sharing">{et('sharingTitle')}</h2>
        {shares === null && <p role="status">{et('loading')}</p>}
        {shares && shares.length === 0 && <p>{et('noSharing')}</p>}
        {shares && shares.length > 0 && (
          <ul className="cp-list">
            {shares.map((s) => (
              <li key={`${s.practiceId}.${s.app}`}>
                {et('shares', { practice: s.practiceName, app: et(`app.${s.app}`), state: et(`state.${s.state}`) })}{' '}
                <button type="button" className="cp-button" disabled={busy} onClick={() => void toggle(s)}>
                  {s.state === 'SHARING' ? et('stop') : et('share')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <h3>{et('codeTitle')}</h3>
        <Form onSubmit={() => void accept()} label={et('codeTitle')}>
          <Field label={et('code')} hint={et('codeHint')} value={code} onChange={setCode} autoComplete="off" autoCapitalize="characters" />
          <Submit busy={busy}>{et('accept')}</Submit>
        </Form>
      </section>

      <section className="cp-card" aria-labelledby="entries-diary">
        <h2 id="entries-diary">{et('diaryTitle')}</h2>
        <Form onSubmit={() => void saveCard()} label={et('diaryTitle')}>
          <Field label={et('date')} type="date" value={day} onChange={setDay} />
          <fieldset>
            <legend>{et('emotions')}</legend>
            {EMOTIONS.map((n) => <Rating key={n} label={et(`emotion.${n}`)} value={ratings['e.' + n] ?? ''} onChange={rate('e.' + n)} max={5} />)}
          </fieldset>
          <fieldset>
            <legend>{et('urges')}</legend>
            {URGES.map((n) => <Rating key={n} label={et(`urge.${n}`)} value={ratings['u.' + n] ?? ''} onChange={rate('u.' + n)} max={5} />)}
          </fieldset>
          <Field label={et('skills')} value={skills} onChange={setSkills} />
          <LongText label={et('notes')} value={notes} onChange={setNotes} />
          <Submit busy={busy}>{et('save')}</Submit>
        </Form>
      </section>

      <section className="cp-card" aria-labelledby="entries-thought">
        <h2 id="entries-thought">{et('thoughtTitle')}</h2>
        <Form onSubmit={() => void saveThought()} label={et('thoughtTitle')}>
          <Field label={et('situation')} value={tr.situation ?? ''} onChange={put('situation')} />
          <LongText label={et('automaticThought')} value={tr.automaticThought ?? ''} onChange={put('automaticThought')} />
          <Field label={et('emotion')} value={tr.emotion ?? ''} onChange={put('emotion')} />
          <Rating label={et('intensityBefore')} value={tr.before ?? ''} onChange={put('before')} max={100} />
          <Rating label={et('intensityAfter')} value={tr.after ?? ''} onChange={put('after')} max={100} />
          <LongText label={et('balancedThought')} value={tr.balancedThought ?? ''} onChange={put('balancedThought')} />
          <Submit busy={busy}>{et('save')}</Submit>
        </Form>
      </section>
    </>
  );
}
