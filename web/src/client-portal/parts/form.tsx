/** The portal's small form pieces: labelled fields with their error, a submit button, notices. */
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A hint under the field (e.g. the password rule). */
  hint?: string;
  error?: string | null;
}

export function Field({ label, value, onChange, hint, error, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="cp-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="cp-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form whose submit never reloads the page; `busy` disables its buttons while a call runs. */
export function Form({ onSubmit, children, label }: { onSubmit(): void; children: ReactNode; label?: string }) {
  return (
    <form
      className="cp-form"
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export function Submit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="cp-button cp-primary" disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}

/** An error (announced at once) or a success/info notice (announced politely). */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`cp-notice cp-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
