/**
 * Where a data export stands between invocations (issue 18, session 8): the worker works to a time
 * budget and hands over to a fresh invocation of itself, so an export is a sequence of small units,
 * each a page of one step, each leaving one numbered piece (the zip's entries' bytes, framed) in
 * the object store and this state in the export record. Pure: the steps' order, the cursor moves,
 * the records' entry names, when to hand over, and the pieces' framing.
 *
 * Steps: `records` (the practice partition, one Query page a unit), `csv` (each tabular entity's SK
 * range), `audit`, `notePdfs` (clients, PDF_PAGE a unit), `consentPdfs`, `files` (each object
 * prefix), then `zip`: the final pass reads the pieces in order into one zip.
 */
export type Item = Record<string, unknown>;
export type Step = 'records' | 'csv' | 'audit' | 'notePdfs' | 'consentPdfs' | 'files' | 'zip';
export const STEPS: Step[] = ['records', 'csv', 'audit', 'notePdfs', 'consentPdfs', 'files', 'zip'];
/** The media-bucket objects the records point to, by the SK prefix of the items naming them. */
export const FILE_PREFIXES = ['CLAIM#', 'ERA#', 'MSGATT#', 'Therapist#'];
/** Items a unit of the PDF and file steps reads (one Query page): small enough to checkpoint often. */
export const PDF_PAGE = 20;
/** Message attachments (10 MB at most each) a unit of the files step copies: a piece stays a few tens of MB. */
export const ATTACHMENT_PAGE = 4;

export interface ExportState {
  step: Step;
  /** ExclusiveStartKey of the step's next page (null: its first). */
  key: Item | null;
  /** Which CSV file / which file prefix the step is at. */
  index: number;
  /** The next piece's number (pieces 0 … seq-1 are written). */
  seq: number;
  counts: Record<string, number>;
  /** Records written (entities and audit), for the progress shown. */
  records: number;
  /** The records step's open entry: its SK prefix and entry name. */
  prefix: string | null;
  entry: string;
  /** The tabular entities met, with the SK prefix of their CSV: [file, prefix]. */
  csv: [string, string][];
}

export function initialState(): ExportState {
  return { step: 'records', key: null, index: 0, seq: 0, counts: {}, records: 0, prefix: null, entry: '', csv: [] };
}

/** The state after a unit that read one page: the same step's next page, or the step's next part / the next step. */
export function advance(state: ExportState, lastKey: Item | null | undefined): ExportState {
  if (lastKey) return { ...state, key: lastKey };
  const parts = state.step === 'csv' ? state.csv.length : state.step === 'files' ? FILE_PREFIXES.length : 1;
  if (state.index + 1 < parts) return { ...state, key: null, index: state.index + 1 };
  let next = STEPS[STEPS.indexOf(state.step) + 1];
  // No tabular entity met: nothing to do in csv.
  if (next === 'csv' && state.csv.length === 0) next = 'audit';
  const counts = next === 'notePdfs' ? { ...state.counts, notePdfs: 0, consentPdfs: 0, files: 0 } : state.counts;
  return { ...state, step: next, key: null, index: 0, counts };
}

/**
 * The records step meeting an item of `prefix` going to `file`: the entry it goes to (a new one
 * when the prefix changes; a file name met again gets `<file>-<prefix>` so zip names stay unique).
 */
export function recordEntry(state: ExportState, prefix: string, file: string): { state: ExportState; entry: string; opened: boolean } {
  if (prefix === state.prefix) return { state, entry: state.entry, opened: false };
  const name = state.counts[file] === undefined ? file : `${file}-${prefix.toLowerCase()}`;
  const counts = { ...state.counts, [name]: state.counts[name] ?? 0 };
  return { state: { ...state, prefix, entry: name, counts }, entry: name, opened: true };
}

/** Whether the leg hands over after a unit: past its deadline, or about to start the final pass past half its budget (the zip gets a fresh invocation). */
export function handOverNow(state: ExportState, now: number, started: number, budgetMs: number): boolean {
  if (now - started >= budgetMs) return true;
  return state.step === 'zip' && now - started >= budgetMs / 2;
}

/** The progress label: the entry being written or the step. */
export function currentLabel(state: ExportState): string {
  if (state.step === 'records') return state.entry;
  if (state.step === 'csv') return `${state.csv[state.index]?.[0] ?? ''}.csv`;
  if (state.step === 'notePdfs') return 'pdf/progress-notes';
  if (state.step === 'consentPdfs') return 'pdf/signed-consents';
  return state.step;
}

/** Bytes of one zip entry, in a piece: the entry's name, whether it is stored as is (PDFs, images), and its bytes. */
export interface Frame {
  name: string;
  store: boolean;
  data: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A piece: frames one after another, each `<u32 header length><header JSON {name, store, size}><bytes>`. */
export function encodePiece(frames: Frame[]): Uint8Array {
  const heads = frames.map((f) => encoder.encode(JSON.stringify({ name: f.name, store: f.store, size: f.data.length })));
  const total = frames.reduce((n, f, i) => n + 4 + heads[i].length + f.data.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  frames.forEach((f, i) => {
    view.setUint32(at, heads[i].length);
    out.set(heads[i], at + 4);
    out.set(f.data, at + 4 + heads[i].length);
    at += 4 + heads[i].length + f.data.length;
  });
  return out;
}

export function decodePiece(bytes: Uint8Array): Frame[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const frames: Frame[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw new Error('export piece: truncated');
    const size = view.getUint32(at);
    const head = JSON.parse(decoder.decode(bytes.subarray(at + 4, at + 4 + size))) as { name: string; store: boolean; size: number };
    const start = at + 4 + size;
    if (start + head.size > bytes.length) throw new Error('export piece: truncated');
    frames.push({ name: head.name, store: head.store, data: bytes.subarray(start, start + head.size) });
    at = start + head.size;
  }
  return frames;
}

/** A unit's frames as it writes them: bytes added to the last frame when it is the same entry, else a new frame (an empty one still opens its entry). */
export function frameList(): { add(name: string, data: string | Uint8Array, store?: boolean): void; done(): Frame[] } {
  const open: { name: string; store: boolean; parts: Uint8Array[] }[] = [];
  return {
    add(name, data, store = false) {
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      const last = open[open.length - 1];
      if (last && last.name === name && last.store === store) last.parts.push(bytes);
      else open.push({ name, store, parts: [bytes] });
    },
    done() {
      return open.map((f) => {
        const data = new Uint8Array(f.parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of f.parts) {
          data.set(p, at);
          at += p.length;
        }
        return { name: f.name, store: f.store, data };
      });
    },
  };
}
