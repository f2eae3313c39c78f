import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
// The parts one by one: react-bootstrap's Form object brings every form control with it.
import FormControl from 'react-bootstrap/FormControl';
import FormGroup from 'react-bootstrap/FormGroup';
import FormLabel from 'react-bootstrap/FormLabel';
import FormText from 'react-bootstrap/FormText';

/** The red star of a required field's label; screen readers hear the field's required state instead. */
export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

/** A field's label, with a red star when it is required. */
export function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <FormLabel htmlFor={htmlFor}>
      {label}
      {required && <RequiredMark />}
    </FormLabel>
  );
}

type TextInputProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'ref' | 'size' | 'value'> & {
  value?: string;
  /** A callback: react-hook-form's register gives one, and one fits both an input and a textarea. */
  ref?: (element: HTMLInputElement | HTMLTextAreaElement | null) => void;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  className?: string;
  as?: 'textarea';
  rows?: number;
};

/**
 * A labelled input with its error below, bound to no form library: TextField binds it to a react-hook-form,
 * the sign-in page to its own state (so /login loads no react-hook-form).
 */
export function TextInput({ label, required, error, hint, className = 'mb-3', type = 'text', ...input }: TextInputProps) {
  const id = useId();
  return (
    <FormGroup className={className}>
      <Label htmlFor={id} label={label} required={required} />
      <FormControl
        id={id}
        type={type}
        isInvalid={!!error}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {hint && <FormText>{hint}</FormText>}
      <FormControl.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </FormControl.Feedback>
    </FormGroup>
  );
}
