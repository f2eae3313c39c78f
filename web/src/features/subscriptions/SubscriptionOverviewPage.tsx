import { useIsFetching } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { SUBSCRIPTION_ROWS_DEFAULT, SUBSCRIPTION_ROWS_EXPANDED } from '@common/constants.js';
import { failureMessages } from '@common/messages.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { DownloadMenu, spreadsheetChoices } from '../../components/DownloadMenu.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { paths } from '../../app/paths.js';
import { useCampYear } from '../../lib/camp-year.js';
import { usePaymentMethods } from '../../lib/lookups.js';
import { useDeleteSubscription } from './api/delete-subscription.js';
import { DeleteSubscriptionQuestion } from './DeleteSubscriptionQuestion.js';
import { subscriptionFirstRowsQuery, useSubscriptionFirstRows, useSubscriptions } from './api/get-subscriptions.js';
import { useSubscriptionSelection } from './api/get-subscription-selection.js';
import { useSubscriptionsFoundOnServer } from './api/search-subscriptions.js';
import { OverviewFilters } from './overview/OverviewFilters.js';
import { euroToCents } from '@common/money.js';
import {
  campLabel,
  filterRows,
  isOpeningFilter,
  overviewFilterParams,
  overviewTotals,
  prepareRows,
  selectionOf,
  type OverviewFilter,
} from '@common/subscription-overview.js';
import { makeSearchEntriesWhenIdle } from './overview/search-entries.js';
import { SelectionFilters } from './overview/SelectionFilters.js';
import { SubscriptionsTable } from './overview/SubscriptionsTable.js';
import { useLinkedOverviewFilter, useOverviewFilter } from './overview/useOverviewFilter.js';

const countFormat = new Intl.NumberFormat('nl-BE');

// The totals and their popovers load when staff first ask for them: the first row does not wait for their code.
const OverviewTotals = lazy(() => import('./overview/OverviewTotals.js'));
// So do the waiting rows (issue 34), with their call and filter, once 'Toon enkel de wachtlijst' is ticked: one chunk.
const WaitingRows = lazy(() => import('./overview/WaitingRows.js'));

/** The subscriptions of the selected camp year: search, filters, totals, and per row a detail tab and delete. */
export default function SubscriptionOverviewPage() {
  const linked = useLinkedOverviewFilter();
  return linked ? <SubscriptionOverview linked={linked} /> : <LoadingLine />;
}

function SubscriptionOverview({ linked }: { linked: OverviewFilter }) {
  const year = useCampYear();
  // The whole year (5 MB at 50,000) is asked once the first rows are no longer on their way, so it does not compete with them.
  const firstRowsOnTheirWay = useIsFetching({ queryKey: subscriptionFirstRowsQuery(year).queryKey }) > 0;
  const subscriptions = useSubscriptions(year, !firstRowsOnTheirWay);
  const paymentMethods = usePaymentMethods();
  const { text, query, filter, type, choose, setCancelledOnly, waitingOnly, setWaitingOnly, removeSelection } = useOverviewFilter(linked);
  const selection = useMemo(() => selectionOf(filter), [filter]);
  // Until the whole year is in, the overview as it opens (no search, no filter) shows the rows the server picked
  // for it by the same rule; anything else waits for the year (docs/decisions.md, 'The overview opens on its first rows').
  // A failed load of the year shows no table (spec section 8), so the first rows go with it.
  const firstRows = useSubscriptionFirstRows(year, subscriptions.isPending);
  const opening = subscriptions.isPending && query === null && isOpeningFilter(filter) ? firstRows.data : undefined;
  const selectionRows = useSubscriptionSelection(year, selection);
  const selected = useMemo(
    () => (selectionRows.data ? new Set(selectionRows.data.map((s) => s.SUBSCRIPTION_ID)) : null),
    [selectionRows.data],
  );
  // With a selection the list waits for its ids: until then it would show rows the filter leaves out.
  const list = (selection === null || selectionRows.data ? subscriptions.data : undefined) ?? opening?.rows;
  const [showAll, setShowAll] = useState(false);
  const [showTotals, setShowTotals] = useState(false);

  const deletion = useDeleteSubscription();
  const [toDelete, setToDelete] = useState<SubscriptionListRow | null>(null);
  // A deleted row stays in view, its button reading 'Verwijderd', until the page reloads; the list
  // refetched after the delete no longer has it, so the row is kept here from the moment it is confirmed.
  const [kept, setKept] = useState<ReadonlyMap<number, SubscriptionListRow>>(new Map());
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<number>>(new Set());

  const rows = useMemo(() => {
    const loaded = subscriptions.data ?? opening?.rows ?? [];
    const loadedIds = new Set(loaded.map((s) => s.SUBSCRIPTION_ID));
    return prepareRows([...loaded, ...[...kept.values()].filter((s) => !loadedIds.has(s.SUBSCRIPTION_ID))]);
  }, [subscriptions.data, opening, kept]);
  useEffect(() => makeSearchEntriesWhenIdle(rows), [rows]);
  const foundOnServer = useSubscriptionsFoundOnServer(year, query);
  const matching = useMemo(
    () => filterRows(rows, filter, query, foundOnServer, selection === null ? null : selected),
    [rows, filter, query, foundOnServer, selection, selected],
  );
  // Count and totals are of what exists: a deleted row in view no longer counts.
  const existing = useMemo(
    () => matching.filter((row) => !deletedIds.has(row.subscription.SUBSCRIPTION_ID)).map((row) => row.subscription),
    [matching, deletedIds],
  );
  // Totals are of the whole year's matches: they wait for it.
  const totals = useMemo(() => (showTotals && !opening ? overviewTotals(existing) : null), [showTotals, opening, existing]);
  const matchingCount = opening ? opening.total : matching.length;
  const count = opening ? opening.total - deletedIds.size : existing.length;
  /** The discount of the linked reason on the subscriptions counted: the dashboard's amount for the same filter. */
  const reasonDiscountCents = useMemo(() => {
    if (!filter.discountReason || !selectionRows.data) return null;
    const cents = new Map(selectionRows.data.map((s) => [s.SUBSCRIPTION_ID, euroToCents(s.DISCOUNT_AMOUNT)]));
    return existing.reduce((sum, s) => sum + (cents.get(s.SUBSCRIPTION_ID) ?? 0), 0);
  }, [filter.discountReason, selectionRows.data, existing]);
  const shown = useMemo(() => matching.slice(0, showAll ? SUBSCRIPTION_ROWS_EXPANDED : SUBSCRIPTION_ROWS_DEFAULT), [matching, showAll]);
  const paymentMethodLabels = useMemo(
    () => new Map((paymentMethods.data ?? []).map((m) => [m.PAYMENTMETHOD_ID, m.PAYMENTMETHOD_DESCRIPTION])),
    [paymentMethods.data],
  );

  const confirmDelete = (subscription: SubscriptionListRow) => {
    const id = subscription.SUBSCRIPTION_ID;
    setKept((current) => new Map(current).set(id, subscription));
    deletion.mutate(id, {
      onSuccess: () => {
        setDeletedIds((current) => new Set(current).add(id));
        setToDelete(null);
      },
    });
  };
  const closeDelete = () => {
    setToDelete(null);
    deletion.reset();
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-3">
        <h1 className="h3 mb-0">Inschrijvingen {year}</h1>
        <Link to={paths.subscriptionNew(year)} className="btn btn-primary btn-sm">
          Inschrijving toevoegen
        </Link>
        <Link to={paths.subscriptionsTrash(year)} className="btn btn-outline-secondary btn-sm">
          Prullenbak
        </Link>
        {waitingOnly && (
          <Suspense fallback={null}>
            <WaitingRows part="count" year={year} filter={filter} query={query} />
          </Suspense>
        )}
        {!waitingOnly && list && (
          <span className="text-body-secondary" role="status" data-testid="subscription-count">
            {count === 1 ? '1 inschrijving' : `${countFormat.format(count)} inschrijvingen`}
            {shown.length < matchingCount && `, de eerste ${countFormat.format(shown.length)} getoond`}
          </span>
        )}
      </div>
      <OverviewFilters
        year={year}
        text={text}
        filter={filter}
        onType={type}
        onChoose={choose}
        onCancelledOnly={setCancelledOnly}
        waitingOnly={waitingOnly}
        onWaitingOnly={setWaitingOnly}
      />
      {/* 'Toon enkel de wachtlijst' (issue 34): the year's waiting children instead of the subscriptions. */}
      {waitingOnly && (
        <Suspense fallback={<LoadingLine />}>
          <WaitingRows part="table" year={year} filter={filter} query={query} />
        </Suspense>
      )}
      {!waitingOnly && <SelectionFilters filter={filter} discountCents={list ? reasonDiscountCents : null} onRemove={removeSelection} />}
      {/* A failed load shows no message (spec section 8): the filters stay, the table does not appear. */}
      {!waitingOnly && !list && (subscriptions.isPending || (selection !== null && selectionRows.isPending)) && <LoadingLine />}
      {!waitingOnly && list && (
        <>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <Button
              variant="outline-secondary"
              size="sm"
              active={showAll}
              aria-pressed={showAll}
              disabled={!showAll && matchingCount <= SUBSCRIPTION_ROWS_DEFAULT}
              onClick={() => setShowAll((on) => !on)}
            >
              Toon alle inschrijvingen
            </Button>
            <Button
              variant="outline-secondary"
              size="sm"
              active={showTotals}
              aria-pressed={showTotals}
              onClick={() => setShowTotals((on) => !on)}
            >
              Toon totalen
            </Button>
            {/* The server selects with the same rule and parameters, so the file holds exactly the rows counted here. */}
            <DownloadMenu
              id="subscriptions-export"
              label="Exporteren (Excel)"
              choices={spreadsheetChoices('exportSubscriptions', { campYear: year, ...overviewFilterParams(filter, query) })}
            />
          </div>
          {totals && (
            <Suspense fallback={<LoadingLine />}>
              <OverviewTotals totals={totals} paymentMethods={paymentMethods.data ?? []} />
            </Suspense>
          )}
          {showTotals && opening && <LoadingLine />}
          <SubscriptionsTable rows={shown} paymentMethodLabels={paymentMethodLabels} deletedIds={deletedIds} onDelete={setToDelete} />
        </>
      )}
      <ConfirmModal
        show={toDelete !== null}
        title="Inschrijving verwijderen"
        confirmLabel="Verwijderen"
        confirmVariant="danger"
        pending={deletion.isPending}
        error={deletion.isError ? failureMessages.deleteSubscription : null}
        onConfirm={() => toDelete && confirmDelete(toDelete)}
        onCancel={closeDelete}
      >
        {toDelete && (
          <DeleteSubscriptionQuestion
            reference={toDelete.SUBSCRIPTION_REFERENCE}
            childName={`${toDelete.SUBSCRIBER_FIRSTNAME} ${toDelete.SUBSCRIBER_LASTNAME}`}
            camp={campLabel(toDelete)}
          />
        )}
      </ConfirmModal>
    </>
  );
}
