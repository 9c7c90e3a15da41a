import { useState } from 'react';
import { toApiError, type ApiError } from '../clients/api';

/**
 * The save of a modal form (FormModal; issue 17, "shared form shells"): saving while a request is
 * out, a refusal handed to the form to place (under fields, as a form message), a stale save
 * reloading the latest record with the conflict notice, and a system error for what is left.
 */
export function useFormSave() {
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  /** Sends; what the server throws goes to `refused` as an ApiError (it may call showFailure). */
  const run = async (send: () => Promise<void>, refused: (error: ApiError) => Promise<void> | void): Promise<void> => {
    setSaving(true);
    try {
      await send();
    } catch (caught) {
      await refused(toApiError(caught));
    } finally {
      setSaving(false);
    }
  };

  /**
   * After a stale save: the latest record into the form with the conflict notice, `gone` when the
   * record no longer exists, a system error when it cannot be read.
   */
  const reloadLatest = async <T,>(load: () => Promise<T | null>, show: (latest: T) => void, gone: () => void): Promise<void> => {
    try {
      const latest = await load();
      if (!latest) {
        gone();
        return;
      }
      show(latest);
      setConflict(true);
    } catch (caught) {
      setFailure(toApiError(caught).message);
    }
  };

  return { saving, conflict, failure, setFailure, run, reloadLatest };
}
