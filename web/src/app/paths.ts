import type { PaymentStatus } from '@common/payment-status.js';
import type { SubscriptionSource } from '@common/subscription-source.js';

/** Typed builders for the route table of spec section 2. */
const withYear = (path: string, year?: number, filter: Record<string, string | number | boolean | undefined> = {}) => {
  const query = new URLSearchParams(year ? { subscriptionsYear: String(year) } : {});
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
  return query.size > 0 ? `${path}?${query}` : path;
};

/** The filters an overview opens with, as query parameters (the dashboard links into the lists with them). */
export type ListFilter = {
  locationId?: number;
  periodId?: number;
  paymentMethodId?: number;
  paymentStatus?: PaymentStatus;
  /** Where the booking came from (issue 40). */
  source?: SubscriptionSource;
  cancelledOnly?: boolean;
  /** Booked on or after this day (YYYY-MM-DD, in Belgium). */
  bookedFrom?: string;
  /** Booked on or before this day. */
  bookedTo?: string;
  /** Given a discount with exactly this text. */
  discountReason?: string;
};

export const paths = {
  login: () => '/login',
  subscriptionOverview: (year?: number, filter?: ListFilter) => withYear('/subscription-overview', year, filter),
  subscriptionDetail: (id: number) => `/subscription-detail/${id}`,
  subscriptionNew: (year?: number) => withYear('/subscription-new', year),
  subscriptionsTrash: (year?: number) => withYear('/subscriptions-trash', year),
  monitorsOverview: () => '/monitors-overview',
  monitorDetail: (id?: number) => (id ? `/monitor-detail/${id}` : '/monitor-detail'),
  camps: (year?: number, filter?: Pick<ListFilter, 'locationId' | 'periodId'>) => withYear('/camps', year, filter),
  dashboard: (year?: number) => withYear('/dashboard', year),
  campDetail: (id?: number, year?: number) => withYear(id ? `/camp-detail/${id}` : '/camp-detail', year),
  payments: () => '/payments',
  openPayments: () => '/open-payments',
  refunds: () => '/refunds',
  campParticipants: (id: number, year?: number) => withYear(`/camp-participants/${id}`, year),
  themes: () => '/themes',
  themeDetail: (id?: number) => (id ? `/theme-detail/${id}` : '/theme-detail'),
  locations: () => '/locations',
  periods: () => '/periods',
  agegroups: () => '/agegroups',
  lunchPreferences: () => '/lunch-preferences',
  mailTemplates: () => '/mail-templates',
  settings: () => '/settings',
  copySeason: () => '/copy-season',
  logbook: () => '/logboek',
  dataManagement: () => '/gegevensbeheer',
  attests: () => '/attesten',
  users: () => '/users',
  account: () => '/account',
  acceptInvite: () => '/accept-invite',
  failedMails: () => '/failed-mails',
};
