/* A module of its own, so that the overview's filter brings no other rule into its bundle. */

/**
 * Where a booking came from (issue 40): by phone or at the desk (staff choose on 'Inschrijving toevoegen', phone
 * unless they say otherwise) or on the public booking site.
 */
export const SUBSCRIPTION_SOURCES = ['phone', 'desk', 'website'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];
/** The origins staff may give a booking they make themselves. */
export const STAFF_SUBSCRIPTION_SOURCES = ['phone', 'desk'] as const satisfies readonly SubscriptionSource[];
export type StaffSubscriptionSource = (typeof STAFF_SUBSCRIPTION_SOURCES)[number];

/** Where a booking came from, as staff read it on the detail, the overview's filter and the dashboard. */
export const subscriptionSourceLabels: Record<SubscriptionSource, string> = {
  phone: 'Telefoon',
  desk: 'Balie',
  website: 'Website',
};
