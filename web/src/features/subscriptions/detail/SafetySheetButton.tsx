import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useQuery } from '@tanstack/react-query';
import { staffOpensSafetySheets } from '@common/policies.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useAuth } from '../../../lib/auth.js';
import { useMayCall } from '../../../lib/may-call.js';
import { callQuery } from '../../../lib/queries.js';

/** The dialog's form loads when it first opens: most visits to a subscription never open the sheet. */
const SafetySheetDialog = lazy(() => import('./SafetySheetDialog.js'));

/**
 * 'Veiligheidsfiche' on the child's card (issue 35): staff fill in or change the child's safety sheet at the desk. Only
 * a user the server lets open it sees the button (`staffOpensSafetySheets`, the server's rule: a beheerder, a medewerker
 * while the organiser gives medewerkers that right, which getSafetySheetSettings tells them); opening it reads the
 * sheet, which the server audits.
 */
export function SafetySheetButton({ detail }: { detail: SubscriptionDetail }) {
  const { state } = useAuth();
  const maySave = useMayCall('saveSafetySheet');
  const settings = useQuery({ ...callQuery('getSafetySheetSettings'), enabled: maySave });
  const [open, setOpen] = useState(false);
  const role = state.status === 'signedIn' ? state.user.role : null;
  if (!maySave || !role || !staffOpensSafetySheets(role, settings.data?.MEDEWERKER_READS ?? false)) return null;
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
