import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { RequiredMark } from '../../../components/TextInput.js';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's Dutch message for this field (spec section 5), from its 400 answer. */
  error?: string;
  type?: 'text' | 'email' | 'tel' | 'date';
  required?: boolean;
  className?: string;
}

/** One labelled input of the registration form, with the server's message under it. */
export function TextField({ label, value, onChange, error, type = 'text', required, className }: TextFieldProps) {
  const id = useId();
  return (
    <Form.Group className={className ?? 'mb-2 col-md-6'} controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        type={type}
        required={required}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        isInvalid={error !== undefined}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
