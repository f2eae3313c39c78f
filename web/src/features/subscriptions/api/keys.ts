import type { SubscriptionSelection } from '@common/schemas/subscriptions.js';

/** Query keys of the subscriptions feature: ['subscriptions', operation, params]. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (campYear: number) => ['subscriptions', 'list', campYear] as const,
  firstRows: (campYear: number) => ['subscriptions', 'first-rows', campYear] as const,
  serverSearch: (campYear: number, query: string) => ['subscriptions', 'server-search', campYear, query] as const,
  selection: (campYear: number, selection: SubscriptionSelection) => ['subscriptions', 'selection', campYear, selection] as const,
  detail: (id: number) => ['subscriptions', 'detail', id] as const,
  discounts: (id: number) => ['subscriptions', 'discounts', id] as const,
  payments: (id: number) => ['subscriptions', 'payments', id] as const,
  paymentQrCode: (id: number) => ['subscriptions', 'payment-qr-code', id] as const,
};
