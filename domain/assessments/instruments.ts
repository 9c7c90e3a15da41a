/**
 * The instruments (issue 13) as data in the questionnaire.ts shape. Item wording is the published
 * English; no translation ships (none found whose licence clearly allows redistribution in an app),
 * so forms are English with a note in every language (docs/decisions.md "Assessments (issue 13)").
 * Published scoring: PHQ-9 / PHQ-A 0–27 (bands 0–4, 5–9, 10–14, 15–19, 20–27), GAD-7 0–21 (0–4,
 * 5–9, 10–14, 15–21), PCL-5 0–80 (provisional cut-point 31–33), C-SSRS screener by risk level.
 */
import { FREQUENCY_OPTIONS, YES_NO, scaleItem, type AnswerOption, type Instrument, type SeverityBand } from './questionnaire.ts';

const DEPRESSION_BANDS: SeverityBand[] = [
  { code: 'minimal', label: 'Minimal', min: 0, max: 4 },
  { code: 'mild', label: 'Mild', min: 5, max: 9 },
  { code: 'moderate', label: 'Moderate', min: 10, max: 14 },
  { code: 'moderatelySevere', label: 'Moderately severe', min: 15, max: 19 },
  { code: 'severe', label: 'Severe', min: 20, max: 27 },
];

const DIFFICULTY: AnswerOption[] = [
  { value: 0, display: 'Not difficult at all' },
  { value: 1, display: 'Somewhat difficult' },
  { value: 2, display: 'Very difficult' },
  { value: 3, display: 'Extremely difficult' },
];

const PFIZER = 'Developed by Drs. Robert L. Spitzer, Janet B.W. Williams, Kurt Kroenke and colleagues, with an educational grant from Pfizer Inc. No permission required to reproduce, translate, display or distribute.';

export const PHQ9: Instrument = {
  id: 'PHQ9',
  title: 'Patient Health Questionnaire (PHQ-9)',
  shortTitle: 'PHQ-9',
  purpose: 'Depression severity (adults)',
  preamble: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  copyright: PFIZER,
  languages: ['en'],
  item: [
    scaleItem('1', 'Little interest or pleasure in doing things', FREQUENCY_OPTIONS),
    scaleItem('2', 'Feeling down, depressed, or hopeless', FREQUENCY_OPTIONS),
    scaleItem('3', 'Trouble falling or staying asleep, or sleeping too much', FREQUENCY_OPTIONS),
    scaleItem('4', 'Feeling tired or having little energy', FREQUENCY_OPTIONS),
    scaleItem('5', 'Poor appetite or overeating', FREQUENCY_OPTIONS),
    scaleItem('6', 'Feeling bad about yourself — or that you are a failure or have let yourself or your family down', FREQUENCY_OPTIONS),
    scaleItem('7', 'Trouble concentrating on things, such as reading the newspaper or watching television', FREQUENCY_OPTIONS),
    scaleItem('8', 'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you have been moving around a lot more than usual', FREQUENCY_OPTIONS),
    scaleItem('9', 'Thoughts that you would be better off dead or of hurting yourself in some way', FREQUENCY_OPTIONS),
    {
      linkId: '10', type: 'choice', scored: false, required: false, answerOption: DIFFICULTY,
      text: 'If you checked off any problems, how difficult have these problems made it for you to do your work, take care of things at home, or get along with other people?',
    },
  ],
  // PHQ instruction manual: with one or two of the nine items missing, the total is prorated.
  scoring: { method: 'sum', min: 0, max: 27, maxMissing: 2 },
  bands: DEPRESSION_BANDS,
  alerts: [{ linkId: '9', atLeast: 1, reason: 'item9' }],
  reliableChange: 6,
  remissionBelow: 5,
  tracksResponse: true,
};

export const GAD7: Instrument = {
  id: 'GAD7',
  title: 'Generalized Anxiety Disorder scale (GAD-7)',
  shortTitle: 'GAD-7',
  purpose: 'Anxiety severity (adults)',
  preamble: 'Over the last 2 weeks, how often have you been bothered by the following problems?',
  copyright: PFIZER,
  languages: ['en'],
  item: [
    scaleItem('1', 'Feeling nervous, anxious, or on edge', FREQUENCY_OPTIONS),
    scaleItem('2', 'Not being able to stop or control worrying', FREQUENCY_OPTIONS),
    scaleItem('3', 'Worrying too much about different things', FREQUENCY_OPTIONS),
    scaleItem('4', 'Trouble relaxing', FREQUENCY_OPTIONS),
    scaleItem('5', 'Being so restless that it is hard to sit still', FREQUENCY_OPTIONS),
    scaleItem('6', 'Becoming easily annoyed or irritable', FREQUENCY_OPTIONS),
    scaleItem('7', 'Feeling afraid as if something awful might happen', FREQUENCY_OPTIONS),
  ],
  // One missing item of seven is prorated (the same ≤ 20 % tolerance as the PHQ-9); more is incomplete.
  scoring: { method: 'sum', min: 0, max: 21, maxMissing: 1 },
  bands: [
    { code: 'minimal', label: 'Minimal', min: 0, max: 4 },
    { code: 'mild', label: 'Mild', min: 5, max: 9 },
    { code: 'moderate', label: 'Moderate', min: 10, max: 14 },
    { code: 'severe', label: 'Severe', min: 15, max: 21 },
  ],
  alerts: [],
  reliableChange: 4,
  remissionBelow: 5,
  tracksResponse: true,
};

const PHQA_OPTIONS = FREQUENCY_OPTIONS;

export const PHQA: Instrument = {
  id: 'PHQA',
  title: 'PHQ-9 modified for adolescents (PHQ-A)',
  shortTitle: 'PHQ-A',
  purpose: 'Depression severity (ages 11–17)',
  preamble: 'How often have you been bothered by each of the following symptoms during the past two weeks?',
  copyright: 'Modified from the PHQ-9 (Spitzer, Williams, Kroenke). Published by the American Psychiatric Association among the DSM-5 online assessment measures; may be reproduced without permission by clinicians for use with their patients.',
  languages: ['en'],
  item: [
    scaleItem('1', 'Feeling down, depressed, irritable, or hopeless?', PHQA_OPTIONS),
    scaleItem('2', 'Little interest or pleasure in doing things?', PHQA_OPTIONS),
    scaleItem('3', 'Trouble falling asleep, staying asleep, or sleeping too much?', PHQA_OPTIONS),
    scaleItem('4', 'Poor appetite, weight loss, or overeating?', PHQA_OPTIONS),
    scaleItem('5', 'Feeling tired, or having little energy?', PHQA_OPTIONS),
    scaleItem('6', 'Feeling bad about yourself — or feeling that you are a failure, or that you have let yourself or your family down?', PHQA_OPTIONS),
    scaleItem('7', 'Trouble concentrating on things like school work, reading, or watching TV?', PHQA_OPTIONS),
    scaleItem('8', 'Moving or speaking so slowly that other people could have noticed? Or the opposite — being so fidgety or restless that you were moving around a lot more than usual?', PHQA_OPTIONS),
    scaleItem('9', 'Thoughts that you would be better off dead, or of hurting yourself in some way?', PHQA_OPTIONS),
    { linkId: 'pastYear', type: 'boolean', scored: false, required: false, answerOption: YES_NO, text: 'In the past year have you felt depressed or sad most days, even if you felt okay sometimes?' },
    {
      linkId: 'difficulty', type: 'choice', scored: false, required: false, answerOption: DIFFICULTY,
      text: 'If you are experiencing any of the problems on this form, how difficult have these problems made it for you to do your work, take care of things at home or get along with other people?',
    },
    { linkId: 'pastMonthThoughts', type: 'boolean', scored: false, required: true, answerOption: YES_NO, text: 'Has there been a time in the past month when you have had serious thoughts about ending your life?' },
    { linkId: 'everAttempt', type: 'boolean', scored: false, required: true, answerOption: YES_NO, text: 'Have you EVER, in your WHOLE LIFE, tried to kill yourself or made a suicide attempt?' },
  ],
  scoring: { method: 'sum', min: 0, max: 27, maxMissing: 2 },
  bands: DEPRESSION_BANDS,
  alerts: [
    { linkId: '9', atLeast: 1, reason: 'item9' },
    { linkId: 'pastMonthThoughts', atLeast: 1, reason: 'pastMonthThoughts' },
    { linkId: 'everAttempt', atLeast: 1, reason: 'everAttempt' },
  ],
  reliableChange: 6,
  remissionBelow: 5,
  tracksResponse: true,
};

const PCL5_OPTIONS: AnswerOption[] = [
  { value: 0, display: 'Not at all' },
  { value: 1, display: 'A little bit' },
  { value: 2, display: 'Moderately' },
  { value: 3, display: 'Quite a bit' },
  { value: 4, display: 'Extremely' },
];

const PCL5_ITEMS = [
  'Repeated, disturbing, and unwanted memories of the stressful experience?',
  'Repeated, disturbing dreams of the stressful experience?',
  'Suddenly feeling or acting as if the stressful experience were actually happening again (as if you were actually back there reliving it)?',
  'Feeling very upset when something reminded you of the stressful experience?',
  'Having strong physical reactions when something reminded you of the stressful experience (for example, heart pounding, trouble breathing, sweating)?',
  'Avoiding memories, thoughts, or feelings related to the stressful experience?',
  'Avoiding external reminders of the stressful experience (for example, people, places, conversations, activities, objects, or situations)?',
  'Trouble remembering important parts of the stressful experience?',
  'Having strong negative beliefs about yourself, other people, or the world (for example, having thoughts such as: I am bad, there is something seriously wrong with me, no one can be trusted, the world is completely dangerous)?',
  'Blaming yourself or someone else for the stressful experience or what happened after it?',
  'Having strong negative feelings such as fear, horror, anger, guilt, or shame?',
  'Loss of interest in activities that you used to enjoy?',
  'Feeling distant or cut off from other people?',
  'Trouble experiencing positive feelings (for example, being unable to feel happiness or have loving feelings for people close to you)?',
  'Irritable behavior, angry outbursts, or acting aggressively?',
  'Taking too many risks or doing things that could cause you harm?',
  'Being "superalert" or watchful or on guard?',
  'Feeling jumpy or easily startled?',
  'Having difficulty concentrating?',
  'Trouble falling or staying asleep?',
];

export const PCL5: Instrument = {
  id: 'PCL5',
  title: 'PTSD Checklist for DSM-5 (PCL-5)',
  shortTitle: 'PCL-5',
  purpose: 'PTSD symptoms (adults)',
  preamble: 'In the past month, how much were you bothered by:',
  copyright: 'Weathers, Litz, Keane, Palmieri, Marx & Schnurr (2013), National Center for PTSD. In the public domain.',
  languages: ['en'],
  item: PCL5_ITEMS.map((text, i) => scaleItem(String(i + 1), text, PCL5_OPTIONS)),
  // At most 2 of 20 items missing are prorated (≤ 10 %); more is incomplete.
  scoring: { method: 'sum', min: 0, max: 80, maxMissing: 2 },
  bands: [
    { code: 'belowThreshold', label: 'Below the cut-point', min: 0, max: 30 },
    { code: 'nearThreshold', label: 'Within the cut-point range (31–33)', min: 31, max: 32 },
    { code: 'probablePtsd', label: 'Probable PTSD (33 or more)', min: 33, max: 80 },
  ],
  alerts: [],
  interpretationNote: 'The National Center for PTSD gives a provisional cut-point of 31–33; a score in that range or above suggests probable PTSD, to be confirmed by a clinical interview. A 5–10 point change is reliable; 10–20 points is clinically meaningful.',
  reliableChange: 10,
  remissionBelow: null,
  tracksResponse: true,
};

export const CSSRS: Instrument = {
  id: 'CSSRS',
  title: 'Columbia Suicide Severity Rating Scale — screener (C-SSRS)',
  shortTitle: 'C-SSRS',
  purpose: 'Suicide risk screen (past month)',
  preamble: 'In the past month:',
  copyright: '© The Research Foundation for Mental Hygiene, Inc. (Columbia Lighthouse Project). Free to use in health care, community and other settings without formal permission.',
  languages: ['en'],
  item: [
    { linkId: '1', type: 'boolean', scored: true, required: true, answerOption: YES_NO, text: 'Have you wished you were dead or wished you could go to sleep and not wake up?' },
    { linkId: '2', type: 'boolean', scored: true, required: true, answerOption: YES_NO, text: 'Have you actually had any thoughts of killing yourself?' },
    { linkId: '3', type: 'boolean', scored: true, required: true, answerOption: YES_NO, enableWhen: { question: '2', answer: 1 }, text: 'Have you been thinking about how you might do this?' },
    { linkId: '4', type: 'boolean', scored: true, required: true, answerOption: YES_NO, enableWhen: { question: '2', answer: 1 }, text: 'Have you had these thoughts and had some intention of acting on them?' },
    { linkId: '5', type: 'boolean', scored: true, required: true, answerOption: YES_NO, enableWhen: { question: '2', answer: 1 }, text: 'Have you started to work out or worked out the details of how to kill yourself? Do you intend to carry out this plan?' },
    { linkId: '6', type: 'boolean', scored: true, required: true, answerOption: YES_NO, text: 'Have you ever done anything, started to do anything, or prepared to do anything to end your life?' },
    { linkId: '6b', type: 'boolean', scored: true, required: true, answerOption: YES_NO, enableWhen: { question: '6', answer: 1 }, text: 'Was this within the past 3 months?' },
  ],
  // Columbia triage: 1–2 yes → low risk; 3 yes, or 6 lifetime → moderate; 4, 5 or 6 within 3 months → high.
  scoring: {
    method: 'highestRisk', min: 0, max: 3,
    risk: [
      { linkId: '1', level: 1 }, { linkId: '2', level: 1 }, { linkId: '3', level: 2 }, { linkId: '4', level: 3 },
      { linkId: '5', level: 3 }, { linkId: '6', level: 2 }, { linkId: '6b', level: 3 },
    ],
  },
  bands: [
    { code: 'negative', label: 'Negative screen', min: 0, max: 0 },
    { code: 'lowRisk', label: 'Positive screen — low risk', min: 1, max: 1 },
    { code: 'moderateRisk', label: 'Positive screen — moderate risk', min: 2, max: 2 },
    { code: 'highRisk', label: 'Positive screen — high risk', min: 3, max: 3 },
  ],
  // A positive screen (any yes) raises an alert.
  alerts: ['1', '2', '3', '4', '5', '6'].map((linkId) => ({ linkId, atLeast: 1, reason: 'cssrsPositive' })),
  reliableChange: null,
  remissionBelow: null,
  tracksResponse: false,
};

/** Every instrument, in the order the Assign page lists them. */
export const INSTRUMENTS: Instrument[] = [PHQ9, GAD7, PHQA, PCL5, CSSRS];

export function instrumentById(id: unknown): Instrument | null {
  return INSTRUMENTS.find((i) => i.id === id) ?? null;
}
