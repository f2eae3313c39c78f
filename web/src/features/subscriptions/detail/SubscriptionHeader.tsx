import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { formatDateTime } from '@common/format.js';
import { failureMessages } from '@common/messages.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { useCancelSubscription } from '../api/cancel-subscription.js';
import { AttestButtons } from '../../../components/AttestButtons.js';
import { CloseTabButton } from './CloseTabButton.js';
import { ConfirmedActionButton } from './ConfirmedActionButton.js';
import { DeleteSubscriptionQuestion } from '../DeleteSubscriptionQuestion.js';
import { MoveSubscriptionButton } from './MoveSubscriptionButton.js';

interface SubscriptionHeaderProps {
  detail: SubscriptionDetail;
  onDelete: () => Promise<unknown>;
}

/** Title, back button, cancel and delete, and the cancelled warning. */
export function SubscriptionHeader({ detail, onDelete }: SubscriptionHeaderProps) {
  const cancel = useCancelSubscription();
  // Cancelling is one-way: cancelled here, the button stays as a disabled 'Geannuleerd'; cancelled before, it is not offered.
  const [cancelledHere, setCancelledHere] = useState(false);
  const childName = `${detail.SUBSCRIBER_FIRSTNAME} ${detail.SUBSCRIBER_LASTNAME}`;
  return (
    <>
      <CloseTabButton />
      <div className="d-flex flex-wrap align-items-center gap-2 my-3">
        <h1 className="h3 mb-0 me-auto">
          Inschrijving {detail.SUBSCRIPTION_REFERENCE} - {childName}
        </h1>
        <AttestButtons detail={detail} />
        <MoveSubscriptionButton detail={detail} />
        {(!detail.SUBSCRIPTION_CANCELLED || cancelledHere) && (
          <ConfirmedActionButton
            label={detail.SUBSCRIPTION_CANCELLED ? 'Geannuleerd' : 'Inschrijving annuleren'}
            variant="warning"
            disabled={detail.SUBSCRIPTION_CANCELLED}
            modalTitle="Inschrijving annuleren"
            confirmLabel="Inschrijving annuleren"
            cancelLabel="Terug"
            confirmVariant="warning"
            failureMessage={failureMessages.cancelSubscription}
            action={() => cancel.mutateAsync(detail.SUBSCRIPTION_ID)}
            onDone={() => setCancelledHere(true)}
          >
            <p className="mb-0">
              Wil je de inschrijving van {childName} annuleren? De plaats komt vrij en de ouder krijgt een annulatiemail. Dit kan niet
              ongedaan gemaakt worden.
            </p>
          </ConfirmedActionButton>
        )}
        <ConfirmedActionButton
          label="Inschrijving verwijderen"
          variant="danger"
          modalTitle="Inschrijving verwijderen"
          confirmLabel="Verwijderen"
          confirmVariant="danger"
          failureMessage={failureMessages.deleteSubscription}
          action={onDelete}
        >
          <DeleteSubscriptionQuestion
            reference={detail.SUBSCRIPTION_REFERENCE}
            childName={childName}
            camp={`${detail.THEME_NAME} - ${detail.LOCATION_NAME} | ${detail.PERIOD_NAME}`}
          />
        </ConfirmedActionButton>
      </div>
      {detail.SUBSCRIPTION_CANCELLED && (
        <Alert variant="warning">
          Deze inschrijving is geannuleerd.
          {detail.SUBSCRIPTION_CANCELLATION_DATE && ` Geannuleerd op ${formatDateTime(detail.SUBSCRIPTION_CANCELLATION_DATE)}.`}
        </Alert>
      )}
    </>
  );
}
