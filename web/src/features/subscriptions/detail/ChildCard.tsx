import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { GENDER_GIRL } from '@common/constants.js';
import { formatDate } from '@common/format.js';
import { updateSubscriberPayload, type SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ReadOnlyField, TextField } from '../../../components/form.js';
import { NationalNumberField } from '../../../components/NationalNumberField.js';
import { useUpdateSubscriber } from '../api/update-subscriber.js';
import { CardForm } from './CardForm.js';
import { CorrectChildButton } from './CorrectChildButton.js';
import { SafetySheetButton } from './SafetySheetButton.js';
import { useCardForm } from './useCardForm.js';

const childValues = (detail: SubscriptionDetail) => ({
  SUBSCRIBER_ID: detail.SUBSCRIBER_ID,
  // The child or parent may have more subscriptions: the answer is this one's detail.
  SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID,
  SUBSCRIBER_VERSION: detail.SUBSCRIBER_VERSION,
  SUBSCRIBER_FIRSTNAME: detail.SUBSCRIBER_FIRSTNAME,
  SUBSCRIBER_LASTNAME: detail.SUBSCRIBER_LASTNAME,
});

/**
 * Child data: the name is editable; gender, birth date and national number (masked, 'Tonen' for a beheerder) are not,
 * but a beheerder corrects a typo in them with 'Gegevens corrigeren' (issue 39).
 */
export function ChildCard({ detail }: { detail: SubscriptionDetail }) {
  const update = useUpdateSubscriber();
  const { form, state, error, stale, onSubmit, reload } = useCardForm(
    updateSubscriberPayload,
    detail,
    childValues,
    (d) => d.SUBSCRIBER_VERSION,
    update.mutateAsync,
  );
  return (
    <CardForm title="Gegevens kind" onSubmit={onSubmit} state={state} error={error} stale={stale} onReload={reload}>
      <Row>
        <Col sm={6}>
          <TextField form={form} name="SUBSCRIBER_FIRSTNAME" label="Voornaam" required />
        </Col>
        <Col sm={6}>
          <TextField form={form} name="SUBSCRIBER_LASTNAME" label="Achternaam" required />
        </Col>
        <Col sm={4}>
          <ReadOnlyField label="Geslacht" value={detail.SUBSCRIBER_GENDER_ID === GENDER_GIRL ? 'Meisje' : 'Jongen'} />
        </Col>
        <Col sm={4}>
          <ReadOnlyField label="Geboortedatum" value={formatDate(detail.SUBSCRIBER_BIRTHDATE)} />
        </Col>
        <Col sm={4}>
          <NationalNumberField owner={{ subscriberId: detail.SUBSCRIBER_ID }} masked={detail.SUBSCRIBER_NATIONALNR} />
        </Col>
      </Row>
      <CorrectChildButton detail={detail} />
      <SafetySheetButton detail={detail} />
    </CardForm>
  );
}
