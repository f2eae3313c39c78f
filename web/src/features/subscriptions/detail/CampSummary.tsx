import { formatDate, formatDateList, formatDateTime } from '@common/format.js';
import { subscriptionSourceLabels } from '@common/subscription-source.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';

/** Which camp the child goes to; for a flexible-booking camp also the days chosen. */
export function CampSummary({ detail }: { detail: SubscriptionDetail }) {
  return (
    <dl className="row mb-3">
      <dt className="col-sm-3 col-lg-2">Kamp</dt>
      <dd className="col-sm-9 col-lg-10">
        {detail.THEME_NAME} - {detail.LOCATION_NAME} | {detail.PERIOD_NAME} ({formatDate(detail.PERIOD_STARTDATE)} tot{' '}
        {formatDate(detail.PERIOD_ENDDATE)}) | {detail.AGEGROUP_NAME}
      </dd>
      <dt className="col-sm-3 col-lg-2">Ingeschreven op</dt>
      <dd className="col-sm-9 col-lg-10">{formatDateTime(detail.SUBSCRIPTION_CREATION_DATE)}</dd>
      <dt className="col-sm-3 col-lg-2">Ingeschreven via</dt>
      <dd className="col-sm-9 col-lg-10" data-testid="subscription-source">
        {subscriptionSourceLabels[detail.SUBSCRIPTION_SOURCE]}
      </dd>
      {detail.CAMP_FLEXIBLE_BOOKING_ALLOWED && (
        <>
          <dt className="col-sm-3 col-lg-2">Gekozen dagen</dt>
          <dd className="col-sm-9 col-lg-10">{formatDateList(detail.SUBSCRIPTION_SELECTED_DAYS).join(', ') || '/'}</dd>
        </>
      )}
    </dl>
  );
}
