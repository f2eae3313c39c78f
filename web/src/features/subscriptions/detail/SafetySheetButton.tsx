import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useMayCall } from '../../../lib/may-call.js';

/** The dialog's form loads when it first opens: most visits to a subscription never open the sheet. */
const SafetySheetDialog = lazy(() => import('./SafetySheetDialog.js'));

/**
 * 'Veiligheidsfiche' on the child's card (issue 35): staff fill in or change the child's safety sheet at the desk. Only
 * the roles that may save a sheet see the button; opening it reads the sheet, which the server audits (and refuses a
 * medewerker while the organiser has not given medewerkers that right).
 */
export function SafetySheetButton({ detail }: { detail: SubscriptionDetail }) {
  const maySave = useMayCall('saveSafetySheet');
  const [open, setOpen] = useState(false);
  if (!maySave) return null;
  return (
    <>
      <Button variant="outline-secondary" size="sm" className="ms-2" onClick={() => setOpen(true)}>
        Veiligheidsfiche
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SafetySheetDialog
            childId={detail.SUBSCRIBER_ID}
            childName={`${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
