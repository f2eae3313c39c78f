import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { SaveState } from './useSaveCycle.js';

interface SaveButtonProps {
  state: SaveState;
  label?: string;
  savedLabel?: string;
  /** While sending: 'Bezig…'; the camp and theme forms say 'Loading…', as the spec has it. */
  busyLabel?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
  disabled?: boolean;
  className?: string;
}

/** The submit button with its states: label, 'Bezig…' while sending (or the busy label given), then 'Opgeslagen' (green, disabled). */
export function SaveButton({
  state,
  label = 'Opslaan',
  savedLabel = 'Opgeslagen',
  busyLabel = 'Bezig…',
  type = 'submit',
  onClick,
  disabled,
  className,
}: SaveButtonProps) {
  const saved = state === 'success';
  return (
    <Button
      type={type}
      variant={saved ? 'success' : 'primary'}
      disabled={disabled || state === 'submitting' || saved}
      onClick={onClick}
      className={className}
    >
      {state === 'submitting' ? (
        <>
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
          {busyLabel}
        </>
      ) : saved ? (
        savedLabel
      ) : (
        label
      )}
    </Button>
  );
}
