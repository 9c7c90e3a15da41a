/** The client portal's Homework page (issue 14): every text key it uses exists, in the six languages alike. */
import { describePageTexts } from '../../support/client-portal-texts.ts';

describePageTexts('Homework page texts', {
  folder: 'homework',
  page: 'HomeworkPage.tsx',
  translator: 'ht',
  prefix: 'clientPortal.homework.',
  templated: ['due', 'overdue'],
  atLeast: 10,
});
