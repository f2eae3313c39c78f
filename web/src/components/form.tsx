import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

import { Label, TextInput } from './TextInput.js';

export { useSchemaForm } from './useSchemaForm.js';

interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  /** Field error from the server's 400 answer, when it knows better than the form. */
  serverError?: string;
  hint?: ReactNode;
  className?: string;
}

function fieldError<T extends FieldValues>(form: UseFormReturn<T, any, any>, name: Path<T>): string | undefined {
  const error = name.split('.').reduce<any>((node, key) => node?.[key], form.formState.errors);
  return typeof error?.message === 'string' ? error.message : undefined;
}

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  serverError,
  hint,
  className,
  type,
  as,
  rows,
  rules,
  autoFocus,
}: FieldProps<T> & { type?: string; as?: 'textarea'; rows?: number; rules?: RegisterOptions<T, Path<T>>; autoFocus?: boolean }) {
  return (
    <TextInput
      label={label}
      required={required}
      error={fieldError(form, name) ?? serverError}
      hint={hint}
      className={className}
      type={type}
      as={as}
      rows={rows}
      autoFocus={autoFocus}
      {...form.register(name, rules)}
    />
  );
}

export interface SelectOption {
  value: string | number;
  label: string;
}

export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  required,
  serverError,
  hint,
  className = 'mb-3',
  options,
  placeholder,
  disabled,
}: FieldProps<T> & { options: SelectOption[]; placeholder?: string; disabled?: boolean }) {
  const id = useId();
  const error = fieldError(form, name) ?? serverError;
  return (
    <Form.Group className={className}>
      <Label htmlFor={id} label={label} required={required} />
      <Form.Select
        id={id}
        isInvalid={!!error}
        disabled={disabled}
        aria-required={required || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(name)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {hint && <Form.Text>{hint}</Form.Text>}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

/** A read-only value shown like a field, for data that may not be edited (birth date, national number). */
export function ReadOnlyField({ label, value, className = 'mb-3' }: { label: string; value: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Form.Group className={className}>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control id={id} plaintext readOnly value={value === null || value === undefined || value === '' ? '/' : String(value)} />
    </Form.Group>
  );
}
