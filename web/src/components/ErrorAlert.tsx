import { StaticAlert } from './StaticAlert.js';

/** A red alert with a failure message of spec section 8; renders nothing without a message. */
export function ErrorAlert({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <StaticAlert variant="danger" className={className}>
      {message}
    </StaticAlert>
  );
}
