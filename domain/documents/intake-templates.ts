/**
 * The intake form template library (issue 12; spec part 2 §3 "Intake form template library", §7
 * getTemplateLibraryMetadata): four forms written for this product, as data. A form is sections of
 * fields; a field has a key (unique in its form), a type, whether it is required, options for the
 * choice types, and `prefill` — the client field (domain/client.ts ClientInput path) its answer
 * fills once the clinician accepts the answers. Adding a form adds data here, nothing else.
 * Pure and APPSYNC_JS-safe (no classes, regex, loops other than Array methods).
 */

export const INTAKE_FIELD_TYPES = ['text', 'name', 'longText', 'date', 'email', 'phone', 'state', 'zip', 'choice', 'multiChoice', 'yesNo', 'acknowledgement'] as const;
export type IntakeFieldType = (typeof INTAKE_FIELD_TYPES)[number];

/** Client fields an answer may pre-fill (paths of ClientInput). */
export const PREFILL_FIELDS = [
  'personalDetail.first', 'personalDetail.middle', 'personalDetail.last', 'personalDetail.nickname',
  'dateOfBirth', 'gender', 'contact.phone', 'contact.email',
  'address.line1', 'address.line2', 'address.city', 'address.state', 'address.zip',
] as const;
export type PrefillField = (typeof PREFILL_FIELDS)[number];

export interface IntakeOption {
  value: string;
  label: string;
}

export interface IntakeField {
  key: string;
  label: string;
  type: IntakeFieldType;
  required: boolean;
  options?: IntakeOption[];
  prefill?: PrefillField;
  help?: string;
}

export interface IntakeSection {
  title: string;
  fields: IntakeField[];
}

export interface IntakeTemplate {
  formName: string;
  title: string;
  description: string;
  /** Who fills it: the client, a parent or guardian, each partner. */
  audience: 'adult' | 'guardian' | 'partner';
  sections: IntakeSection[];
}

function opts(pairs: string[][]): IntakeOption[] {
  return pairs.map((p) => ({ value: p[0], label: p[1] }));
}

function field(key: string, label: string, type: IntakeFieldType, required: boolean, extra?: { options?: IntakeOption[]; prefill?: PrefillField; help?: string }): IntakeField {
  const result: IntakeField = { key: key, label: label, type: type, required: required };
  if (extra && extra.options) {
    result.options = extra.options;
  }
  if (extra && extra.prefill) {
    result.prefill = extra.prefill;
  }
  if (extra && extra.help) {
    result.help = extra.help;
  }
  return result;
}

const GENDER = opts([['female', 'Female'], ['male', 'Male'], ['nonbinary', 'Non-binary'], ['self-described', 'Prefer to self-describe'], ['undisclosed', 'Prefer not to say']]);
const FREQUENCY = opts([['never', 'Never'], ['monthly', 'Monthly or less'], ['weekly', 'Weekly'], ['daily', 'Daily or almost daily']]);
const REFERRAL = opts([['web', 'Web search'], ['insurance', 'My insurance directory'], ['physician', 'A physician or other provider'], ['friend', 'Friend or family'], ['other', 'Other']]);
const SAFETY_HELP = 'This form is not monitored around the clock. If you are in danger now, call 988 (Suicide & Crisis Lifeline) or 911.';

const CONTACT_SECTION: IntakeSection = {
  title: 'Contact details',
  fields: [
    field('phone', 'Mobile phone', 'phone', true, { prefill: 'contact.phone' }),
    field('email', 'E-mail', 'email', true, { prefill: 'contact.email' }),
    field('line1', 'Street address', 'text', false, { prefill: 'address.line1' }),
    field('line2', 'Apartment, suite, unit', 'text', false, { prefill: 'address.line2' }),
    field('city', 'City', 'text', false, { prefill: 'address.city' }),
    field('state', 'State', 'state', false, { prefill: 'address.state' }),
    field('zip', 'ZIP code', 'zip', false, { prefill: 'address.zip' }),
  ],
};

const ADULT: IntakeTemplate = {
  formName: 'adult-intake',
  title: 'Adult intake',
  description: 'For clients 18 and over: contact details, what brings them to therapy, history, health and safety.',
  audience: 'adult',
  sections: [
    {
      title: 'About you',
      fields: [
        field('firstName', 'First name', 'name', true, { prefill: 'personalDetail.first' }),
        field('middleName', 'Middle name', 'name', false, { prefill: 'personalDetail.middle' }),
        field('lastName', 'Last name', 'name', true, { prefill: 'personalDetail.last' }),
        field('preferredName', 'Name you would like us to use', 'name', false, { prefill: 'personalDetail.nickname' }),
        field('dateOfBirth', 'Date of birth (MM/DD/YYYY)', 'date', true, { prefill: 'dateOfBirth' }),
        field('gender', 'Gender', 'choice', false, { options: GENDER, prefill: 'gender' }),
        field('pronouns', 'Pronouns', 'text', false),
      ],
    },
    CONTACT_SECTION,
    {
      title: 'Emergency contact',
      fields: [
        field('emergencyName', 'Name', 'name', true),
        field('emergencyRelationship', 'Relationship to you', 'text', true),
        field('emergencyPhone', 'Phone', 'phone', true),
      ],
    },
    {
      title: 'What brings you here',
      fields: [
        field('reason', 'What would you like help with?', 'longText', true),
        field('goals', 'What would you like to be different after therapy?', 'longText', false),
        field('previousTherapy', 'Have you seen a therapist or counselor before?', 'yesNo', true),
        field('previousTherapyDetails', 'If so, when, and what helped or did not?', 'longText', false),
      ],
    },
    {
      title: 'Health',
      fields: [
        field('medications', 'Current medications and doses', 'longText', false),
        field('physician', 'Primary care physician', 'text', false),
        field('healthConditions', 'Medical conditions we should know about', 'longText', false),
        field('alcohol', 'How often do you drink alcohol?', 'choice', false, { options: FREQUENCY }),
        field('substances', 'How often do you use other substances?', 'choice', false, { options: FREQUENCY }),
        field('sleep', 'How would you describe your sleep?', 'choice', false, { options: opts([['good', 'Good'], ['fair', 'Fair'], ['poor', 'Poor']]) }),
      ],
    },
    {
      title: 'Safety',
      fields: [
        field('selfHarmThoughts', 'In the past month, have you had thoughts of harming yourself?', 'yesNo', true, { help: SAFETY_HELP }),
        field('harmOthersThoughts', 'In the past month, have you had thoughts of harming someone else?', 'yesNo', true),
      ],
    },
    {
      title: 'Anything else',
      fields: [
        field('referral', 'How did you hear about us?', 'choice', false, { options: REFERRAL }),
        field('other', 'Is there anything else you would like your clinician to know?', 'longText', false),
      ],
    },
  ],
};

const MINOR: IntakeTemplate = {
  formName: 'minor-intake',
  title: 'Minor intake',
  description: 'For clients under 18, completed by a parent or legal guardian: the child, the guardians, school, development and concerns.',
  audience: 'guardian',
  sections: [
    {
      title: 'The child',
      fields: [
        field('firstName', "Child's first name", 'name', true, { prefill: 'personalDetail.first' }),
        field('lastName', "Child's last name", 'name', true, { prefill: 'personalDetail.last' }),
        field('preferredName', 'Name the child likes to be called', 'name', false, { prefill: 'personalDetail.nickname' }),
        field('dateOfBirth', "Child's date of birth (MM/DD/YYYY)", 'date', true, { prefill: 'dateOfBirth' }),
        field('gender', "Child's gender", 'choice', false, { options: GENDER, prefill: 'gender' }),
        field('school', 'School', 'text', false),
        field('grade', 'Grade', 'text', false),
      ],
    },
    {
      title: 'Parent or guardian completing this form',
      fields: [
        field('guardianName', 'Your full name', 'name', true),
        field('guardianRelationship', 'Relationship to the child', 'choice', true, { options: opts([['mother', 'Mother'], ['father', 'Father'], ['guardian', 'Legal guardian'], ['other', 'Other']]) }),
        field('phone', 'Your mobile phone', 'phone', true, { prefill: 'contact.phone' }),
        field('email', 'Your e-mail', 'email', true, { prefill: 'contact.email' }),
        field('line1', 'Street address', 'text', false, { prefill: 'address.line1' }),
        field('city', 'City', 'text', false, { prefill: 'address.city' }),
        field('state', 'State', 'state', false, { prefill: 'address.state' }),
        field('zip', 'ZIP code', 'zip', false, { prefill: 'address.zip' }),
        field('custody', 'Who has legal custody?', 'choice', true, { options: opts([['both', 'Both parents jointly'], ['me', 'I have sole custody'], ['other-parent', 'The other parent'], ['other', 'Other (please explain below)']]) }),
        field('custodyDetails', 'Custody details or court orders we should know about', 'longText', false),
        field('otherGuardianConsent', 'Does every parent or guardian with legal custody agree to treatment?', 'yesNo', true),
      ],
    },
    {
      title: 'Concerns',
      fields: [
        field('reason', 'What concerns bring your child to therapy?', 'longText', true),
        field('concerns', 'Which of these have you noticed?', 'multiChoice', false, {
          options: opts([['anxiety', 'Worry or fears'], ['mood', 'Sadness or irritability'], ['attention', 'Attention or focus'], ['behavior', 'Behavior at home or school'], ['social', 'Friendships'], ['sleep', 'Sleep'], ['eating', 'Eating'], ['trauma', 'A frightening or upsetting event']]),
        }),
        field('development', 'Any developmental, learning or medical history we should know about?', 'longText', false),
        field('medications', "Child's current medications", 'longText', false),
        field('selfHarmThoughts', 'Has your child talked about or shown signs of wanting to hurt themselves?', 'yesNo', true, { help: SAFETY_HELP }),
      ],
    },
  ],
};

const COUPLES: IntakeTemplate = {
  formName: 'couples-intake',
  title: 'Couples intake',
  description: 'Each partner fills one separately: the relationship, what each hopes to change, and safety asked privately.',
  audience: 'partner',
  sections: [
    {
      title: 'About you',
      fields: [
        field('firstName', 'Your first name', 'name', true, { prefill: 'personalDetail.first' }),
        field('lastName', 'Your last name', 'name', true, { prefill: 'personalDetail.last' }),
        field('dateOfBirth', 'Your date of birth (MM/DD/YYYY)', 'date', true, { prefill: 'dateOfBirth' }),
        field('phone', 'Your mobile phone', 'phone', true, { prefill: 'contact.phone' }),
        field('email', 'Your e-mail', 'email', true, { prefill: 'contact.email' }),
        field('partnerName', "Your partner's name", 'name', true),
      ],
    },
    {
      title: 'Your relationship',
      fields: [
        field('relationshipLength', 'How long have you been together?', 'text', true),
        field('livingTogether', 'Do you live together?', 'yesNo', true),
        field('children', 'Children in the home (ages)', 'text', false),
        field('concerns', 'What would you like to work on?', 'multiChoice', true, {
          options: opts([['communication', 'Communication'], ['conflict', 'Arguments and conflict'], ['trust', 'Trust'], ['intimacy', 'Intimacy'], ['parenting', 'Parenting'], ['finances', 'Money'], ['family', 'Extended family'], ['separation', 'Deciding whether to stay together']]),
        }),
        field('hopes', 'What do you hope will be different?', 'longText', true),
        field('previousCouplesTherapy', 'Have you had couples therapy before?', 'yesNo', false),
      ],
    },
    {
      title: 'Safety (only your clinician reads this)',
      fields: [
        field('feelsUnsafe', 'Do you ever feel afraid of your partner, or unsafe at home?', 'yesNo', true, { help: SAFETY_HELP }),
        field('safetyDetails', 'Anything about safety you want your clinician to know', 'longText', false),
      ],
    },
  ],
};

const RELEASE: IntakeTemplate = {
  formName: 'release-of-information',
  title: 'Authorization to release information',
  description: 'The client allows the practice to share named information with a named person or organization, for a purpose, until a date.',
  audience: 'adult',
  sections: [
    {
      title: 'Client',
      fields: [
        field('firstName', 'First name', 'name', true, { prefill: 'personalDetail.first' }),
        field('lastName', 'Last name', 'name', true, { prefill: 'personalDetail.last' }),
        field('dateOfBirth', 'Date of birth (MM/DD/YYYY)', 'date', true, { prefill: 'dateOfBirth' }),
      ],
    },
    {
      title: 'Share with',
      fields: [
        field('recipientName', 'Person', 'name', true),
        field('recipientOrganization', 'Organization', 'text', false),
        field('recipientPhone', 'Phone', 'phone', false),
        field('recipientAddress', 'Address', 'text', false),
      ],
    },
    {
      title: 'What and why',
      fields: [
        field('information', 'Information that may be shared', 'multiChoice', true, {
          options: opts([['attendance', 'Dates of attendance'], ['diagnosis', 'Diagnosis'], ['treatmentPlan', 'Treatment plan and progress'], ['assessments', 'Assessment results'], ['discharge', 'Discharge summary']]),
        }),
        field('purpose', 'Purpose', 'choice', true, { options: opts([['care', 'Coordination of care'], ['insurance', 'Insurance'], ['legal', 'Legal'], ['personal', 'At my request'], ['other', 'Other']]) }),
        field('expires', 'This authorization ends on (MM/DD/YYYY)', 'date', true),
        field('revocable', 'I understand I may revoke this authorization in writing at any time, except for information already shared.', 'acknowledgement', true),
        field('voluntary', 'I understand my treatment does not depend on signing this authorization.', 'acknowledgement', true),
      ],
    },
  ],
};

/** The library, in the order the settings page lists it. */
export const INTAKE_TEMPLATES: IntakeTemplate[] = [ADULT, MINOR, COUPLES, RELEASE];

export function templateByName(formName: unknown): IntakeTemplate | null {
  const found = INTAKE_TEMPLATES.filter((t) => t.formName === formName);
  return found.length > 0 ? found[0] : null;
}

/** Every field of a form, in order. */
export function templateFields(template: IntakeTemplate): IntakeField[] {
  return template.sections.reduce((all: IntakeField[], section) => all.concat(section.fields), []);
}
