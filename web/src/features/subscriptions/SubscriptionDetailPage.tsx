import { useState } from 'react';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useRouteRecordId } from '../../app/route-id.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useDeleteSubscription } from './api/delete-subscription.js';
import { useSubscriptionDetail } from './api/get-subscription-full-detail.js';
import { CloseTabButton } from './detail/CloseTabButton.js';
import { SubscriptionDetailView } from './detail/SubscriptionDetailView.js';

function SubscriptionNotFound() {
  return (
    <>
      <h1 className="h3">Inschrijving niet gevonden</h1>
      <p>Deze inschrijving bestaat niet of werd verwijderd.</p>
      <CloseTabButton />
    </>
  );
}

function SubscriptionDetailLoader({ id }: { id: number }) {
  const detail = useSubscriptionDetail(id);
  const remove = useDeleteSubscription();
  // What was shown when deleting started: the page stays visible (disabled) once the record is gone.
  const [beforeDelete, setBeforeDelete] = useState<SubscriptionDetail | null>(null);
  const shown = beforeDelete && (remove.isPending || remove.isSuccess) ? beforeDelete : detail.data;

  if (shown) {
    const onDelete = () => {
      setBeforeDelete(shown);
      return remove.mutateAsync(id);
    };
    return <SubscriptionDetailView detail={shown} deleted={remove.isSuccess} onDelete={onDelete} />;
  }
  if (detail.isPending) return <LoadingLine />;
  if (detail.isError) return <ErrorAlert message="Niet gelukt om de inschrijving op te halen. Probeer opnieuw." />;
  return <SubscriptionNotFound />;
}

/** /subscription-detail/{SUBSCRIPTION_ID}: one subscription, opened in a tab of its own from the overview. */
export default function SubscriptionDetailPage() {
  const id = useRouteRecordId();
  if (!id) return <SubscriptionNotFound />;
  return <SubscriptionDetailLoader id={id} />;
}
