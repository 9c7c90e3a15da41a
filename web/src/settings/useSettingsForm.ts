import { useCallback, useEffect, useState } from 'react';
import { flatten, nest, type FieldKind, type FormValue, type FormValues } from './form';
import { toApiError, type ApiError } from './graphql';
import { useVersionedSave } from './useVersionedSave';

export interface SettingsFormOptions<T extends { version: number }> {
  /** The form's fields by path ('address.zip') and kind. */
  fields: Record<string, FieldKind>;
  /** Reads the record (on open, and again after a stale save). */
  load: () => Promise<T>;
  /** Shows a loaded or saved record in state the fields do not hold (e.g. a list of locations). */
  showMore?: (record: T) => void;
}

/**
 * One settings form (Practice details, Billing and Service; issue 17 "shared form shells"): the
 * record is loaded on open (a failure is kept to be shown in place, not an endless spinner), its
 * fields are kept flat by path, and a save goes through useVersionedSave with the record's version.
 * `showMore` must be stable (a module function or a state setter's wrapper made with useCallback).
 */
export function useSettingsForm<T extends { version: number }>({ fields, load, showMore }: SettingsFormOptions<T>) {
  const [base, setBase] = useState<T | null>(null);
  const [values, setValues] = useState<FormValues>({});
  const [loadFailure, setLoadFailure] = useState<ApiError | null>(null);

  const show = useCallback(
    (record: T) => {
      setBase(record);
      setValues(flatten(record, fields));
      showMore?.(record);
    },
    [fields, showMore],
  );
  const versioned = useVersionedSave(load, show);

  useEffect(() => {
    load().then(show, (error: unknown) => setLoadFailure(toApiError(error)));
  }, [load, show]);

  const onChange = useCallback((path: string, value: FormValue) => setValues((current) => ({ ...current, [path]: value })), []);

  /**
   * Checks and sends the form: `complete` may add what the fields do not hold to the nested input,
   * `validate` is the rule the API runs too, `send` the versioned edit. True once saved.
   */
  const submit = async (
    validate: (input: Record<string, unknown>) => { problems: { field: string; reason: string }[] },
    send: (version: number, input: Record<string, unknown>) => Promise<T>,
    complete?: (input: Record<string, unknown>) => void,
  ): Promise<boolean> => {
    if (!base) return false;
    const input = nest(values, fields);
    complete?.(input);
    const { problems } = validate(input);
    return versioned.save(problems, () => send(base.version, input));
  };

  return {
    base,
    values,
    loadFailure,
    /** What TextField, SelectField and FlagField take besides path and label. */
    fieldProps: { values, errors: versioned.errors, onChange },
    errors: versioned.errors,
    saving: versioned.saving,
    conflict: versioned.conflict,
    dismissConflict: () => versioned.setConflict(false),
    failure: versioned.failure,
    dismissFailure: () => versioned.setFailure(null),
    onChange,
    submit,
  };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
