import { useState } from 'react';
import { errorsByField } from './form';
import { toApiError, type ApiError } from './graphql';

/**
 * A versioned save: field problems (the browser's, then the server's) by path; a stale version
 * (ConflictError) reloads the latest record and says so; another refusal shows its message, anything
 * else is a system error (common/SystemErrorAlert).
 */
export function useVersionedSave<T extends { version: number }>(reload: () => Promise<T>, show: (record: T) => void) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | ApiError | null>(null);

  const save = async (problems: { field: string; reason: string }[], send: () => Promise<T>): Promise<boolean> => {
    setErrors(errorsByField(problems));
    setFailure(null);
    setConflict(false);
    if (problems.length) return false;
    setSaving(true);
    try {
      show(await send());
      return true;
    } catch (caught) {
      const error = toApiError(caught);
      if (error.errorType === 'ValidationError' && error.fields.length) setErrors(errorsByField(error.fields));
      else if (error.errorType === 'ConflictError') {
        try {
          show(await reload());
          setConflict(true);
        } catch (again) {
          setFailure(toApiError(again));
        }
      } else setFailure(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { errors, setErrors, saving, conflict, setConflict, failure, setFailure, save };
}
