import Form from 'react-bootstrap/Form';

export interface FilterOption {
  value: string | number;
  label: string;
}

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first choice, with the empty value: no filter. */
  allLabel: string;
  value: string;
  options: FilterOption[];
  onChange: (value: string) => void;
  /** Shown but not in use (the overview's payment filters while it shows the waiting list). */
  disabled?: boolean;
}

/** A filter dropdown of an overview screen: a small label above, 'all' as the empty first choice. */
export function FilterSelect({ id, label, allLabel, value, options, onChange, disabled }: FilterSelectProps) {
  return (
    <>
      <Form.Label htmlFor={id} className="small mb-1">
        {label}
      </Form.Label>
      <Form.Select id={id} size="sm" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Form.Select>
    </>
  );
}
