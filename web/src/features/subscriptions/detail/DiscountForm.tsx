import { useEffect, useId } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { z } from 'zod';
import { DISCOUNT_REASON_OTHER, DISCOUNT_REASONS } from '@common/constants.js';
import { validationMessages } from '@common/messages.js';
import { addDiscountPayload, type SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { SelectField, TextField } from '../../../components/form.js';
import { useAddDiscount } from '../api/add-discount.js';
import { useCardForm } from './useCardForm.js';

/**
 * The addDiscount payload plus the reason dropdown (a form helper, never sent). The chosen reason,
 * or the text typed for 'Andere...', is the discount's remark, so the payload's own rules (2 to 50
 * characters) apply to it.
 */
const discountFormSchema = addDiscountPayload.extend({
  reason: z.string().pipe(z.enum(DISCOUNT_REASONS, { error: validationMessages.required })),
});

const emptyDiscount = (subscriptionId: number) => ({
  subscriptionId,
  discountAmount: '',
  reason: '',
  discountRemark: '',
  discountId: null,
});

/** Gives an extra discount; the amount to pay shown drops by it as soon as the server has saved it. */
export function DiscountForm({ detail }: { detail: SubscriptionDetail }) {
  const titleId = useId();
  const addDiscount = useAddDiscount();
  const { form, state, error, onSubmit } = useCardForm(
    discountFormSchema,
    detail,
    (d) => emptyDiscount(d.SUBSCRIPTION_ID),
    // A new discount is made from no stored record: the form never follows one.
    () => 0,
    ({ reason: _reason, ...payload }) => addDiscount.mutateAsync(payload),
    'discountAmount',
  );
  const reason = form.watch('reason');
  useEffect(() => {
    // A fixed reason is the remark itself; 'Andere...' asks for the text instead.
    const fixed = reason !== '' && reason !== DISCOUNT_REASON_OTHER;
    form.setValue('discountRemark', fixed ? reason : '');
    if (fixed) form.clearErrors('discountRemark');
  }, [reason, form]);

  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="h6">
        Korting toevoegen
      </h3>
      <form onSubmit={onSubmit} noValidate>
        <Row>
          <Col sm={4}>
            <TextField form={form} name="discountAmount" label="Bedrag (€)" required />
          </Col>
          <Col sm={8}>
            <SelectField
              form={form}
              name="reason"
              label="Reden"
              required
              placeholder="Kies een reden"
              options={DISCOUNT_REASONS.map((r) => ({ value: r, label: r }))}
            />
          </Col>
        </Row>
        {reason === DISCOUNT_REASON_OTHER && <TextField form={form} name="discountRemark" label="Andere reden" required />}
        <ErrorAlert message={error} />
        <SaveButton state={state} label="Korting toevoegen" />
      </form>
    </section>
  );
}
