import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { staleDataMessages } from '@common/messages.js';

interface SaveErrorAlertProps {
  message: string | null;
  /** The save was refused because someone else changed the record: offer to load it again. */
  stale: boolean;
  /** Loads the record as it is now and shows it in the form (unsaved edits are dropped). */
  onReload: () => Promise<unknown>;
  className?: string;
}

/** The red alert of a failed save; after a save over a newer record, with the button that loads it again. */
export function SaveErrorAlert({ message, stale, onReload, className }: SaveErrorAlertProps) {
  const [reloading, setReloading] = useState(false);
  if (!message) return null;
  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };
  return (
    <Alert variant="danger" className={className} role="alert">
      <p className={stale ? 'mb-2' : 'mb-0'}>{message}</p>
      {stale && (
        <Button variant="danger" size="sm" onClick={() => void reload()} disabled={reloading}>
          {reloading ? 'Bezig…' : staleDataMessages.reload}
        </Button>
      )}
    </Alert>
  );
}
