import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { updateSubscriberParentPayload, type SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { TextField } from '../../../components/form.js';
import { NationalNumberField } from '../../../components/NationalNumberField.js';
import { useUpdateSubscriberParent } from '../api/update-subscriber-parent.js';
import { CardForm } from './CardForm.js';
import { useCardForm } from './useCardForm.js';

const parentValues = (detail: SubscriptionDetail) => ({
  SUBSCRIBER_PARENT_ID: detail.SUBSCRIBER_PARENT_ID,
  // The child or parent may have more subscriptions: the answer is this one's detail.
  SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID,
  SUBSCRIBER_PARENT_VERSION: detail.SUBSCRIBER_PARENT_VERSION,
  SUBSCRIBER_PARENT_FIRSTNAME: detail.SUBSCRIBER_PARENT_FIRSTNAME,
  SUBSCRIBER_PARENT_LASTNAME: detail.SUBSCRIBER_PARENT_LASTNAME,
  SUBSCRIBER_PARENT_STREET: detail.SUBSCRIBER_PARENT_STREET,
  SUBSCRIBER_PARENT_HOUSENR: detail.SUBSCRIBER_PARENT_HOUSENR,
  SUBSCRIBER_PARENT_POSTALCODE: detail.SUBSCRIBER_PARENT_POSTALCODE,
  SUBSCRIBER_PARENT_CITY: detail.SUBSCRIBER_PARENT_CITY,
  SUBSCRIBER_PARENT_COUNTRY: detail.SUBSCRIBER_PARENT_COUNTRY,
  SUBSCRIBER_PARENT_PHONE: detail.SUBSCRIBER_PARENT_PHONE,
  SUBSCRIBER_PARENT_PHONE2: detail.SUBSCRIBER_PARENT_PHONE2,
  SUBSCRIBER_PARENT_EMAIL: detail.SUBSCRIBER_PARENT_EMAIL,
});

type ParentFieldName = Exclude<
  keyof ReturnType<typeof parentValues>,
  'SUBSCRIBER_PARENT_ID' | 'SUBSCRIPTION_ID' | 'SUBSCRIBER_PARENT_VERSION'
>;

const editableFields: { name: ParentFieldName; label: string; width: number; type?: string; required?: boolean }[] = [
  { name: 'SUBSCRIBER_PARENT_FIRSTNAME', label: 'Voornaam', width: 6 },
  { name: 'SUBSCRIBER_PARENT_LASTNAME', label: 'Achternaam', width: 6 },
  { name: 'SUBSCRIBER_PARENT_STREET', label: 'Straat', width: 8 },
  { name: 'SUBSCRIBER_PARENT_HOUSENR', label: 'Huisnummer', width: 4 },
  { name: 'SUBSCRIBER_PARENT_POSTALCODE', label: 'Postcode', width: 4 },
  { name: 'SUBSCRIBER_PARENT_CITY', label: 'Gemeente', width: 8 },
  { name: 'SUBSCRIBER_PARENT_COUNTRY', label: 'Land', width: 6 },
  { name: 'SUBSCRIBER_PARENT_PHONE', label: 'Telefoon', width: 6, type: 'tel' },
  { name: 'SUBSCRIBER_PARENT_PHONE2', label: 'Telefoon 2', width: 6, type: 'tel', required: false },
  { name: 'SUBSCRIBER_PARENT_EMAIL', label: 'E-mail', width: 6, type: 'email' },
];

/** Parent data: name, address, phones and e-mail are editable; the national number is not. */
export function ParentCard({ detail }: { detail: SubscriptionDetail }) {
  const update = useUpdateSubscriberParent();
  const { form, state, error, stale, onSubmit, reload } = useCardForm(
    updateSubscriberParentPayload,
    detail,
    parentValues,
    (d) => d.SUBSCRIBER_PARENT_VERSION,
    update.mutateAsync,
  );
  return (
    <CardForm title="Gegevens ouder" onSubmit={onSubmit} state={state} error={error} stale={stale} onReload={reload}>
      <Row>
        {editableFields.map(({ name, label, width, type, required = true }) => (
          <Col sm={width} key={name}>
            <TextField form={form} name={name} label={label} type={type} required={required} />
          </Col>
        ))}
        <Col sm={6}>
          <NationalNumberField owner={{ parentId: detail.SUBSCRIBER_PARENT_ID }} masked={detail.SUBSCRIBER_PARENT_NATIONALNR} />
        </Col>
      </Row>
    </CardForm>
  );
}
