// The population page's figures and CSV (issue 13): shares of the followed clients, rates, the
// headline of the practice or the filtered clinician, and an export a spreadsheet cannot run.
import { describe, expect, it } from 'vitest';
import { clinicianRows, currentFigures, headline, populationCsv, rangeFigures } from '../../../web/src/assessments/population-model';
import type { Population, PopulationRow } from '../../../web/src/assessments/api';

const row = (over: Partial<PopulationRow>): PopulationRow => ({
  instrumentId: 'PHQ9', month: null, clinicianId: null, clients: 0, responses: 0, scored: 0, scoreSum: 0, followUps: 0, improved: 0, unchanged: 0, worse: 0, responded: 0, remitted: 0, changeSum: 0, alerts: 0, ...over,
});
const page: Population = {
  from: '2026-01', to: '2026-06', clinicianId: null, instrumentId: 'PHQ9',
  current: [row({ clients: 5, followUps: 4, improved: 3, worse: 1, responded: 2, remitted: 1, changeSum: -20 }), row({ clinicianId: 'c1', clients: 2, followUps: 2, improved: 2, responded: 1, changeSum: -12 })],
  months: [row({ month: '2026-05', clients: 4, responses: 8, scored: 8, scoreSum: 80, followUps: 6, improved: 3, responded: 3, remitted: 2, changeSum: -18, alerts: 1 })],
  clinicians: [row({ clinicianId: 'c1', responses: 5, scored: 5, followUps: 4, responded: 2 })],
  overdue: [{ clientId: 'x', clientName: '=HYPERLINK("http://evil")', therapistId: 'c1', instrumentId: 'PHQ9', assignmentId: 'a', dueSince: '2026-05-20' }],
  overdueTotal: 1,
};

describe('population figures', () => {
  it('shares improved/unchanged/worse among followed clients, remission among all measured, average change per follow-up', () => {
    expect(currentFigures(headline(page)[0])).toMatchObject({ clients: 5, improved: 0.75, worse: 0.25, unchanged: 0, responseRate: 0.5, remissionRate: 0.2, averageChange: -5 });
    expect(rangeFigures(page.months[0])).toMatchObject({ averageScore: 10, responseRate: 0.5, remissionRate: 0.25, averageChange: -3 });
    expect(currentFigures(row({}))).toMatchObject({ improved: null, responseRate: null, averageChange: null });
    expect(clinicianRows(page)).toEqual([expect.objectContaining({ now: expect.objectContaining({ clinicianId: 'c1', improved: 1 }), range: expect.objectContaining({ responses: 5, responseRate: 0.5 }) })]);
    // Filtered to a clinician: their row is the headline.
    expect(headline({ ...page, clinicianId: 'c1' }).map((r) => r.clinicianId)).toEqual(['c1']);
  });

  it('exports every table as CSV with formulas neutralised and negative figures kept as numbers', () => {
    const csv = populationCsv(page, { instrument: (id) => (id === 'PHQ9' ? 'PHQ-9' : id), clinician: (id) => (id === 'c1' ? 'Dr, Stone' : 'Practice') }, { current: 'Now', months: 'By month', clinicians: 'By clinician', overdue: 'Overdue' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('from,2026-01,to,2026-06,clinician,,instrument,PHQ-9');
    expect(lines).toContain('PHQ-9,5,4,0,75%,0%,25%,50%,20%,-5');
    expect(lines).toContain('2026-05,PHQ-9,4,6,8,50%,0%,0%,50%,25%,-3,10,1');
    expect(lines).toContain('"Dr, Stone",PHQ-9,2,2,0,100%,0%,0%,50%,0%,-6,5,50%,0%');
    expect(lines).toContain(`"'=HYPERLINK(""http://evil"")",PHQ-9,2026-05-20,"Dr, Stone"`);
  });
});
