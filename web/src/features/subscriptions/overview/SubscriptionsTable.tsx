import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatEuro } from '@common/money.js';
import type { SubscriptionListRow } from '@common/schemas/subscriptions.js';
import { paths } from '../../../app/paths.js';
import { campLabel, type OverviewRow } from '@common/subscription-overview.js';
import { SubscriptionStatus } from './SubscriptionStatus.js';

const MONEY_COLUMNS = ['Kampprijs', 'Korting', 'Te betalen', 'Betaald'];
const COLUMN_COUNT = 9;
/**
 * Every row is two lines high (styles.css: a name, camp, payment method or status wraps into the second line and no
 * further), so all rows are equally high and the virtualiser can place row 10,000 exactly. This is the height of such a
 * row in Bootstrap's 'sm' table in Chromium at 100 % (51 px); the first row rendered is measured and its height taken for
 * every row, so a zoom or another font still adds up (one more layout pass). An estimate below the real height put the end of the list short of the last row (End
 * stopped near row 6,700).
 */
const ROW_HEIGHT = 51;
/**
 * Where the table's body is taken to start before it is measured: no higher than it lies on any screen (the bar, the
 * title, the filters and the count above it, about 310 px on a laptop's window), so the first frame holds the rows in
 * view and not the 5 or 6 more it would hold from the page's top.
 */
const FIRST_BODY_TOP = 240;

interface SubscriptionsTableProps {
  rows: readonly OverviewRow[];
  paymentMethodLabels: ReadonlyMap<number, string>;
  deletedIds: ReadonlySet<number>;
  onDelete: (subscription: SubscriptionListRow) => void;
}

/**
 * The subscriptions as a real table (thead, tbody, row headers) of which only the rows in view and a
 * few around them are in the DOM: two spacer rows stand in for the rest, so 10,000 rows scroll, filter
 * and toggle at once while the page keeps its own scroll bar. Fixed column widths keep the columns
 * from jumping as other rows come into view.
 */
export function SubscriptionsTable({ rows, paymentMethodLabels, deletedIds, onDelete }: SubscriptionsTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the table's body starts in the page, for the virtualiser; null while it is taken to start at FIRST_BODY_TOP,
  // until the page first scrolls (below).
  const [bodyTop, setBodyTop] = useState<number | null>(null);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT);
  // The filters and totals above the table change height, so the body's place is measured after every render (a state
  // update only when it moved). At the page's top a table placed higher than it is renders every row in view and a few
  // below, so it is left there: the first row's frame is not rendered twice. Scrolled, or placed lower than it is, the
  // table is re-placed before the paint (the virtualiser renders again on the first scroll, so that comes in time).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = bodyRef.current ? bodyRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (top !== bodyTop && (window.scrollY > 0 || top < (bodyTop ?? FIRST_BODY_TOP))) setBodyTop(top);
    const firstRow = bodyRef.current?.querySelector('tr[data-index]');
    const height = firstRow ? firstRow.getBoundingClientRect().height : 0;
    if (height > 0 && Math.abs(height - rowHeight) > 0.5) setRowHeight(height);
  });

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    // Rows beyond the window, for scrolling; none before the page scrolls: placed higher than it is, the table already
    // holds more rows than are in view, and each costs the first row's frame.
    overscan: bodyTop === null ? 0 : 10,
    scrollMargin: bodyTop ?? FIRST_BODY_TOP,
    getItemKey: (index) => rows[index]!.subscription.SUBSCRIPTION_ID,
    // The window's size as it is, so the first render already holds the rows in view (not an empty pass first).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  // A new row height re-places every row not yet measured (not on the first render: its rows were placed with it).
  const placedWith = useRef(rowHeight);
  useLayoutEffect(() => {
    if (placedWith.current === rowHeight) return;
    placedWith.current = rowHeight;
    virtualizer.measure();
  }, [rowHeight, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const margin = bodyTop ?? FIRST_BODY_TOP;
  const spaceAbove = items.length > 0 ? items[0]!.start - margin : 0;
  const spaceBelow = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - margin) : 0;

  return (
    <Table striped hover size="sm" className="align-middle table-fixed-header small subscriptions-table" aria-rowcount={rows.length + 1}>
      <colgroup>
        <col className="column-child" />
        <col />
        {MONEY_COLUMNS.map((column) => (
          <col key={column} className="column-money" />
        ))}
        <col className="column-method" />
        <col className="column-status" />
        <col className="column-actions" />
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          <th scope="col">Kind</th>
          <th scope="col">Kamp</th>
          {MONEY_COLUMNS.map((column) => (
            <th key={column} scope="col" className="text-end">
              {column}
            </th>
          ))}
          <th scope="col">Betaalwijze</th>
          <th scope="col">Status</th>
          <th scope="col">Acties</th>
        </tr>
      </thead>
      <tbody ref={bodyRef}>
        {rows.length === 0 && (
          <tr>
            <td colSpan={COLUMN_COUNT} className="text-body-secondary py-3">
              Geen inschrijvingen gevonden.
            </td>
          </tr>
        )}
        {spaceAbove > 0 && <SpacerRow height={spaceAbove} />}
        {items.map((item) => {
          const s = rows[item.index]!.subscription;
          return (
            <SubscriptionRow
              key={item.key}
              subscription={s}
              index={item.index}
              measureRef={virtualizer.measureElement}
              paymentMethodLabel={paymentMethodLabels.get(s.PAYMENTMETHOD_ID) ?? ''}
              deleted={deletedIds.has(s.SUBSCRIPTION_ID)}
              onDelete={onDelete}
            />
          );
        })}
        {spaceBelow > 0 && <SpacerRow height={spaceBelow} />}
      </tbody>
    </Table>
  );
}

/** Stands in for the rows out of view; hidden from assistive technology, which counts rows by aria-rowindex. */
function SpacerRow({ height }: { height: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={COLUMN_COUNT} height={height} className="p-0 border-0" />
    </tr>
  );
}

interface SubscriptionRowProps {
  subscription: SubscriptionListRow;
  index: number;
  measureRef: (element: HTMLTableRowElement | null) => void;
  paymentMethodLabel: string;
  deleted: boolean;
  onDelete: (subscription: SubscriptionListRow) => void;
}

function SubscriptionRow({ subscription: s, index, measureRef, paymentMethodLabel, deleted, onDelete }: SubscriptionRowProps) {
  const childName = `${s.SUBSCRIBER_FIRSTNAME} ${s.SUBSCRIBER_LASTNAME}`;
  return (
    <tr ref={measureRef} data-index={index} data-subscription-id={s.SUBSCRIPTION_ID} aria-rowindex={index + 2} className="text-nowrap">
      <th scope="row" className="fw-normal" title={childName}>
        <div className="two-lines">{childName}</div>
      </th>
      <td title={campLabel(s)}>
        <CampLabel label={campLabel(s)} />
      </td>
      <td className="text-end text-nowrap">{formatEuro(s.SUBSCRIPTION_CAMP_PRICE)}</td>
      <td className="text-end text-nowrap">{formatEuro(s.SUBSCRIPTION_CAMP_DISCOUNT)}</td>
      <td className="text-end text-nowrap">{formatEuro(s.SUBSCRIPTION_AMOUNT_TO_PAY)}</td>
      <td className="text-end text-nowrap">{formatEuro(s.SUBSCRIPTION_PAID_AMOUNT)}</td>
      <td>
        <div className="two-lines">{paymentMethodLabel}</div>
      </td>
      <td>
        <SubscriptionStatus subscription={s} />
      </td>
      <td>
        <div className="d-flex gap-1">
          <a href={paths.subscriptionDetail(s.SUBSCRIPTION_ID)} target="_blank" rel="noopener" className="btn btn-outline-primary btn-sm">
            Bekijken<span className="visually-hidden"> {childName}</span>
          </a>
          <Button variant="outline-danger" size="sm" disabled={deleted} onClick={() => onDelete(s)}>
            {deleted ? 'Verwijderd' : 'Verwijderen'}
            <span className="visually-hidden"> {childName}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The camp as the spec writes it ('theme - location | period (start - end)'), wrapping only before the '|': the
 * period and its dates stay together on the second line when the first cannot hold them (issue 39, 1366 px).
 */
function CampLabel({ label }: { label: string }) {
  const cut = label.indexOf(' | ');
  if (cut < 0) return <div className="two-lines">{label}</div>;
  return (
    // One inline piece inside the clamped box: its lines wrap as one text.
    <div className="two-lines">
      <span>
        {label.slice(0, cut)} <span className="text-nowrap">{label.slice(cut + 1)}</span>
      </span>
    </div>
  );
}
