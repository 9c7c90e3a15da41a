/** The client portal's App entries page (issue 14): every text key it uses exists, in the six languages alike. */
import { COMPANION_APPS } from '../../../domain/companion/apps.ts';
import { describePageTexts } from '../../support/client-portal-texts.ts';

describePageTexts('App entries page texts', {
  folder: 'entries',
  page: 'EntriesPage.tsx',
  translator: 'et',
  prefix: 'clientPortal.entries.',
  templated: [
    ...['sadness', 'anger', 'fear', 'shame', 'guilt', 'joy'].map((n) => `emotion.${n}`),
    ...['selfHarm', 'suicide', 'substanceUse', 'quitTherapy'].map((n) => `urge.${n}`),
    ...COMPANION_APPS.map((a) => `app.${a}`),
    ...['INVITED', 'SHARING', 'STOPPED'].map((s) => `state.${s}`),
  ],
  atLeast: 20,
});
