/**
 * The intake forms' texts by key (issue 12, session 8): English is the library's data
 * (domain/documents/intake-templates.ts, also what the API sends); a translation is data keyed by
 * form name, then `title`, `description`, `sections.<index>`, `fields.<key>.label`,
 * `fields.<key>.help` and `fields.<key>.options.<value>` (./intake-texts/<lang>.json). Answers stay
 * keyed by field key and option value: only what the client reads changes. Pure, no React.
 */

/** The shape both the library's templates and the API's `form` have. */
export interface IntakeFormText {
  formName: string;
  title: string;
  description: string;
  sections: {
    title: string;
    fields: { key: string; label: string; help?: string | null; options?: { value: string; label: string }[] | null }[];
  }[];
}

/** One language's texts: form name → key → text. */
export type IntakeTexts = Record<string, Record<string, string>>;

/** Every text of a form as [key, English], in reading order. */
export function intakeTextEntries(form: IntakeFormText): Array<[key: string, english: string]> {
  const entries: Array<[string, string]> = [['title', form.title], ['description', form.description]];
  form.sections.forEach((section, index) => {
    entries.push([`sections.${index}`, section.title]);
    for (const field of section.fields) {
      entries.push([`fields.${field.key}.label`, field.label]);
      if (field.help) entries.push([`fields.${field.key}.help`, field.help]);
      for (const option of field.options ?? []) entries.push([`fields.${field.key}.options.${option.value}`, option.label]);
    }
  });
  return entries;
}

/** The form in a language: each text translated where the language has it, English where not. */
export function localizeIntakeForm<F extends IntakeFormText>(form: F, texts: IntakeTexts | null): F {
  const own = texts?.[form.formName];
  if (!own) return form;
  const text = (key: string, english: string) => (typeof own[key] === 'string' && own[key] !== '' ? own[key] : english);
  return {
    ...form,
    title: text('title', form.title),
    description: text('description', form.description),
    sections: form.sections.map((section, index) => ({
      ...section,
      title: text(`sections.${index}`, section.title),
      fields: section.fields.map((field) => ({
        ...field,
        label: text(`fields.${field.key}.label`, field.label),
        ...(field.help ? { help: text(`fields.${field.key}.help`, field.help) } : {}),
        ...(field.options ? { options: field.options.map((o) => ({ ...o, label: text(`fields.${field.key}.options.${o.value}`, o.label) })) } : {}),
      })),
    })),
  };
}
