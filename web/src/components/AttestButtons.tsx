import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ErrorAlert } from './ErrorAlert.js';
import { ApiError, downloads } from '../lib/api-client.js';
import { useMayCall } from '../lib/may-call.js';

/** 'Fiscaal attest' and 'Deelname-attest' on the subscription detail: the child's PDFs (beheerder only). */
export function AttestButtons({ detail }: { detail: SubscriptionDetail }) {
  const mayOpen = useMayCall('getFiscalAttestPdf');
  const [error, setError] = useState<string | null>(null);
  if (!mayOpen) return null;
  const year = Number(detail.PERIOD_STARTDATE.slice(0, 4));
  const open = (run: () => Promise<unknown>) => {
    setError(null);
    run().catch((e: unknown) => setError(e instanceof ApiError ? e.message : 'Niet gelukt om het attest te maken.'));
  };
  return (
    <>
      <Button
        variant="outline-secondary"
        onClick={() => open(() => downloads.download('getFiscalAttestPdf', { subscriberId: detail.SUBSCRIBER_ID, year }))}
      >
        Fiscaal attest
      </Button>
      <Button
        variant="outline-secondary"
        onClick={() => open(() => downloads.download('getParticipationAttestPdf', { subscriptionId: detail.SUBSCRIPTION_ID }))}
      >
        Deelname-attest
      </Button>
      <ErrorAlert message={error} className="w-100 mb-0" />
    </>
  );
}
