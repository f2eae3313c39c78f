import type { SubscriptionDiscountRecord } from '@common/schemas/subscriptions.js';
import { AmountTable } from '../../../components/AmountTable.js';
import { useDiscounts } from '../api/get-discounts.js';

const kindLabels: Record<SubscriptionDiscountRecord['SUBSCRIPTION_DISCOUNT_KIND'], string> = {
  booking: 'Bij inschrijving',
  'selected-days': 'Gekozen dagen',
  extra: 'Extra korting',
};

/** What the discount total is made of, so staff see why an amount was lowered. */
export function DiscountList({ subscriptionId }: { subscriptionId: number }) {
  const discounts = useDiscounts(subscriptionId);
  return (
    <AmountTable
      caption="Kortingen"
      headings={['Soort', 'Reden']}
      rows={(discounts.data ?? []).map((d) => ({
        key: d.SUBSCRIPTION_DISCOUNT_ID,
        date: d.SUBSCRIPTION_DISCOUNT_CREATION_DATE,
        texts: [kindLabels[d.SUBSCRIPTION_DISCOUNT_KIND], d.SUBSCRIPTION_DISCOUNT_REMARK],
        amount: d.SUBSCRIPTION_DISCOUNT_AMOUNT,
      }))}
    />
  );
}
