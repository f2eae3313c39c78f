import CloseButton from 'react-bootstrap/CloseButton';
import { formatDate } from '@common/format.js';
import { centsToEuro, formatEuro, type Cents } from '@common/money.js';
import type { OverviewFilter, SELECTION_FILTERS } from '@common/subscription-overview.js';

type SelectionFilter = (typeof SELECTION_FILTERS)[number];

interface SelectionFiltersProps {
  filter: OverviewFilter;
  /** The discount of `filter.discountReason` on the subscriptions counted, or null while it is not known. */
  discountCents: Cents | null;
  onRemove: (keys: readonly SelectionFilter[]) => void;
}

function bookedLabel({ bookedFrom, bookedTo }: OverviewFilter): string {
  if (bookedFrom && bookedTo) return `Ingeschreven van ${formatDate(bookedFrom)} tot en met ${formatDate(bookedTo)}`;
  return bookedFrom ? `Ingeschreven vanaf ${formatDate(bookedFrom)}` : `Ingeschreven tot en met ${formatDate(bookedTo)}`;
}

/**
 * The filters a link into the list brings that have no dropdown (booking days, discount reason): shown, so staff see
 * why the list is shorter, and each removable.
 */
export function SelectionFilters({ filter, discountCents, onRemove }: SelectionFiltersProps) {
  const shown: { keys: readonly SelectionFilter[]; label: string }[] = [];
  if (filter.bookedFrom || filter.bookedTo) shown.push({ keys: ['bookedFrom', 'bookedTo'], label: bookedLabel(filter) });
  if (filter.discountReason) {
    const amount = discountCents === null ? '' : `: ${formatEuro(centsToEuro(discountCents))} in deze lijst`;
    shown.push({ keys: ['discountReason'], label: `Kortingsreden '${filter.discountReason}'${amount}` });
  }
  if (shown.length === 0) return null;
  return (
    <ul className="list-inline mb-3" aria-label="Filters uit een koppeling" data-testid="selection-filters">
      {shown.map(({ keys, label }) => (
        <li key={keys.join()} className="list-inline-item border rounded-pill bg-body-tertiary ps-3 pe-2 py-1 mb-1">
          <span className="me-2">{label}</span>
          <CloseButton className="align-middle small" aria-label={`Filter verwijderen: ${label}`} onClick={() => onRemove(keys)} />
        </li>
      ))}
    </ul>
  );
}
