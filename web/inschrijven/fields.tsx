import { useId, useState, type ReactNode } from 'react';

export type FieldErrors = Record<string, string>;

/** A labelled input with its Dutch message under it, tied to it for screen readers (aria-describedby). */
export function Field(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  hint?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}) {
  const id = useId();
  const error = props.errors[props.name];
  const described = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? '' : ' (niet verplicht)'}
      </label>
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        required={props.required}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onInput={(event) => props.onChange((event.target as HTMLInputElement).value)}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select. */
export function SelectField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: FieldErrors;
  children: ReactNode;
}) {
  const id = useId();
  const error = props.errors?.[props.name];
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange((event.target as HTMLSelectElement).value)}
      >
        {props.children}
      </select>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A message at the top of a form or page: an error is announced at once, a notice politely. */
export function Message({ kind, children }: { kind: 'error' | 'notice'; children: ReactNode }) {
  return kind === 'error' ? (
    <div className="message error" role="alert">
      {children}
    </div>
  ) : (
    <div className="message notice" role="status">
      {children}
    </div>
  );
}

/**
 * A button that downloads one of the family's files (issue 34): busy while it loads, the server's reason under it when
 * it is refused.
 */
export function DownloadButton(props: { label: ReactNode; load: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.load();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" disabled={busy} onClick={() => void run()}>
        {props.label}
      </button>
      {error && <Message kind="error">{error}</Message>}
    </>
  );
}
