/** Query keys of the payments feature: ['payments', operation, params]. */
export const paymentKeys = {
  all: ['payments'] as const,
  imports: ['payments', 'imports'] as const,
  queue: ['payments', 'queue'] as const,
  assignable: (search: string) => ['payments', 'assignable', search] as const,
  openPayments: (query: object) => ['payments', 'open', query] as const,
  yearCamps: (campYear: number) => ['payments', 'camps', campYear] as const,
  refunds: (campYear: number) => ['payments', 'refunds', campYear] as const,
};

/** What a booked, re-queued or undone payment changes elsewhere: the subscription lists and details. */
export const subscriptionQueriesKey = ['subscriptions'] as const;
