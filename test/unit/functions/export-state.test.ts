// The data export's state between invocations (issue 18, session 8): the steps' order and cursor
// moves, the records' entry names, when a leg hands over, and the pieces' framing.
import { describe, expect, it } from 'vitest';
import { FILE_PREFIXES, advance, currentLabel, decodePiece, encodePiece, frameList, handOverNow, initialState, recordEntry, type ExportState } from '../../../functions/export-worker/state.ts';

describe('advance', () => {
  it('stays on the step while the Query has more pages, then goes step by step to the final pass', () => {
    let s: ExportState = { ...initialState(), csv: [['clients', 'Client'], ['appointments', 'APPT']] };
    s = advance(s, { PK: 'P#1', SK: 'APPT#9' });
    expect([s.step, s.key]).toEqual(['records', { PK: 'P#1', SK: 'APPT#9' }]);
    s = advance(s, undefined);
    expect([s.step, s.index, s.key]).toEqual(['csv', 0, null]);
    expect(currentLabel(s)).toBe('clients.csv');
    s = advance(s, null);
    expect([s.step, s.index]).toEqual(['csv', 1]);
    expect(currentLabel(s)).toBe('appointments.csv');
    s = advance(s, null);
    expect(s.step).toBe('audit');
    s = advance(s, null);
    expect([s.step, s.counts]).toEqual(['notePdfs', { notePdfs: 0, consentPdfs: 0, files: 0 }]);
    s = advance(s, null);
    expect(s.step).toBe('consentPdfs');
    s = advance(s, null);
    for (let i = 0; i < FILE_PREFIXES.length; i++) {
      expect([s.step, s.index]).toEqual(['files', i]);
      s = advance(s, { SK: 'x' });
      expect([s.step, s.index]).toEqual(['files', i]);
      s = advance(s, undefined);
    }
    expect([s.step, s.key, s.index]).toEqual(['zip', null, 0]);
  });

  it('skips the CSV step when no tabular entity was met', () => {
    expect(advance(initialState(), undefined).step).toBe('audit');
  });

  it('keeps the counts, records and pieces written', () => {
    const s = advance({ ...initialState(), step: 'audit', seq: 7, records: 12, counts: { clients: 3, audit: 9 } }, undefined);
    expect([s.seq, s.records, s.counts]).toEqual([7, 12, { clients: 3, audit: 9, notePdfs: 0, consentPdfs: 0, files: 0 }]);
  });
});

describe('recordEntry', () => {
  it('opens an entry when the SK prefix changes; a file name met again gets its prefix (zip names stay unique)', () => {
    let s = initialState();
    const a = recordEntry(s, 'ASSESS', 'assessments');
    expect([a.entry, a.opened]).toEqual(['assessments', true]);
    s = { ...a.state, counts: { ...a.state.counts, assessments: 4 } };
    const same = recordEntry(s, 'ASSESS', 'assessments');
    expect([same.entry, same.opened, same.state]).toEqual(['assessments', false, s]);
    const other = recordEntry(s, 'Assessment', 'assessments');
    expect([other.entry, other.opened, other.state.counts]).toEqual(['assessments-assessment', true, { assessments: 4, 'assessments-assessment': 0 }]);
    // The state passed in is not changed (a retried unit starts from the saved one).
    expect(s.counts).toEqual({ assessments: 4 });
  });
});

describe('handOverNow', () => {
  const zip = { ...initialState(), step: 'zip' as const };
  it('hands over past the budget; before the final pass already past half of it', () => {
    expect(handOverNow(initialState(), 1_000 + 719_000, 1_000, 720_000)).toBe(false);
    expect(handOverNow(initialState(), 1_000 + 720_000, 1_000, 720_000)).toBe(true);
    expect(handOverNow(zip, 1_000 + 359_000, 1_000, 720_000)).toBe(false);
    expect(handOverNow(zip, 1_000 + 360_000, 1_000, 720_000)).toBe(true);
    // A budget of 0 (the tests): after every unit.
    expect(handOverNow(initialState(), 5, 5, 0)).toBe(true);
  });
});

describe('pieces', () => {
  it('frame a unit\'s entries: text joined per entry, an empty entry kept, stored bytes as they are, names in any script', () => {
    const frames = frameList();
    frames.add('clients.jsonl', '{"id":"a"}\n');
    frames.add('clients.jsonl', '{"id":"b"}\n');
    frames.add('audit.jsonl', '');
    frames.add('pdf/progress-notes/é-1.pdf', new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 255]), true);
    frames.add('pdf/progress-notes/é-2.pdf', new Uint8Array([1, 2, 3]), true);
    const decoded = decodePiece(encodePiece(frames.done()));
    expect(decoded.map((f) => [f.name, f.store, [...f.data]])).toEqual([
      ['clients.jsonl', false, [...new TextEncoder().encode('{"id":"a"}\n{"id":"b"}\n')]],
      ['audit.jsonl', false, []],
      ['pdf/progress-notes/é-1.pdf', true, [0x25, 0x50, 0x44, 0x46, 0, 255]],
      ['pdf/progress-notes/é-2.pdf', true, [1, 2, 3]],
    ]);
    expect(decodePiece(encodePiece([]))).toEqual([]);
  });

  it('a truncated piece is refused, not read short', () => {
    const frames = frameList();
    frames.add('clients.jsonl', 'x'.repeat(100));
    const bytes = encodePiece(frames.done());
    expect(() => decodePiece(bytes.subarray(0, bytes.length - 1))).toThrow('export piece: truncated');
  });
});
