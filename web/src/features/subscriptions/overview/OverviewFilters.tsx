import { useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { formatDayMonth } from '@common/format.js';
import { PAYMENT_STATUSES, paymentStatusLabels } from '@common/payment-status.js';
import { compareDutch } from '@common/sort.js';
import { SUBSCRIPTION_SOURCES, subscriptionSourceLabels } from '@common/subscription-source.js';
import { FilterSelect, type FilterOption } from '../../../components/FilterSelect.js';
import { useLocations, usePaymentMethods, usePeriods, useThemes } from '../../../lib/lookups.js';
import type { OverviewFilter } from '@common/subscription-overview.js';
import type { DropdownChoice } from './useOverviewFilter.js';

const byLabel = (a: FilterOption, b: FilterOption) => compareDutch(a.label, b.label);

const statusOptions: FilterOption[] = PAYMENT_STATUSES.map((status) => ({ value: status, label: paymentStatusLabels[status] }));
const sourceOptions: FilterOption[] = SUBSCRIPTION_SOURCES.map((source) => ({ value: source, label: subscriptionSourceLabels[source] }));

interface Dropdown {
  name: keyof DropdownChoice;
  label: string;
  allLabel: string;
  options: FilterOption[];
  /** A filter of subscriptions only (money, origin): it does not apply to the waiting list. */
  aboutSubscriptions?: boolean;
}

interface OverviewFiltersProps {
  year: number;
  text: string;
  filter: OverviewFilter;
  onType: (text: string) => void;
  onChoose: (choice: DropdownChoice) => void;
  onCancelledOnly: (cancelledOnly: boolean) => void;
  waitingOnly: boolean;
  onWaitingOnly: (waitingOnly: boolean) => void;
}

/**
 * The search field, the six dropdowns and the two checkboxes of the overview: the cancelled subscriptions only, or the
 * waiting list only (issue 34; the two exclude each other), which disables the dropdowns about subscriptions.
 */
export function OverviewFilters({
  year,
  text,
  filter,
  onType,
  onChoose,
  onCancelledOnly,
  waitingOnly,
  onWaitingOnly,
}: OverviewFiltersProps) {
  const locations = useLocations();
  const themes = useThemes();
  const periods = usePeriods(year);
  const paymentMethods = usePaymentMethods();

  const dropdowns = useMemo<Dropdown[]>(
    () => [
      {
        name: 'locationId',
        label: 'Locatie',
        allLabel: 'Alle locaties',
        options: (locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME })).sort(byLabel),
      },
      {
        name: 'themeId',
        label: 'Thema',
        allLabel: "Alle thema's",
        options: (themes.data ?? []).map((t) => ({ value: t.THEME_ID, label: t.THEME_NAME })).sort(byLabel),
      },
      {
        name: 'periodId',
        label: 'Periode',
        allLabel: 'Alle periodes',
        options: (periods.data ?? []).map((p) => ({
          value: p.PERIOD_ID,
          label: `${p.PERIOD_NAME} (${formatDayMonth(p.PERIOD_STARTDATE)} - ${formatDayMonth(p.PERIOD_ENDDATE)})`,
        })),
      },
      { name: 'paymentStatus', label: 'Betaalstatus', allLabel: 'Alle statussen', options: statusOptions, aboutSubscriptions: true },
      {
        name: 'paymentMethodId',
        label: 'Betaalwijze',
        allLabel: 'Alle betaalwijzen',
        options: (paymentMethods.data ?? []).map((m) => ({ value: m.PAYMENTMETHOD_ID, label: m.PAYMENTMETHOD_DESCRIPTION })),
        aboutSubscriptions: true,
      },
      { name: 'source', label: 'Ingeschreven via', allLabel: 'Alle herkomsten', options: sourceOptions, aboutSubscriptions: true },
    ],
    [locations.data, themes.data, periods.data, paymentMethods.data],
  );

  return (
    <Form role="search" aria-label="Inschrijvingen filteren" className="mb-3" onSubmit={(e) => e.preventDefault()}>
      <Row className="g-2 align-items-end">
        <Col xs={12} xl={3}>
          <Form.Label htmlFor="subscription-search" className="small mb-1">
            Zoeken
          </Form.Label>
          <Form.Control
            id="subscription-search"
            type="search"
            size="sm"
            value={text}
            placeholder="Naam, OGM, referentie of rijksregisternummer"
            autoComplete="off"
            onChange={(e) => onType(e.target.value)}
          />
        </Col>
        {dropdowns.map((dropdown) => (
          <Col key={dropdown.name} xs={6} md={4} xl>
            <FilterSelect
              id={`subscription-filter-${dropdown.name}`}
              label={dropdown.label}
              allLabel={dropdown.allLabel}
              value={filter[dropdown.name]}
              options={dropdown.options}
              disabled={waitingOnly && dropdown.aboutSubscriptions}
              onChange={(value) => onChoose({ [dropdown.name]: value })}
            />
          </Col>
        ))}
      </Row>
      <div className="mt-2">
        <Form.Check
          inline
          id="subscription-filter-cancelled"
          label="Toon enkel geannuleerde inschrijvingen"
          checked={filter.cancelledOnly}
          onChange={(e) => onCancelledOnly(e.target.checked)}
        />
        <Form.Check
          inline
          id="subscription-filter-waiting"
          label="Toon enkel de wachtlijst"
          checked={waitingOnly}
          onChange={(e) => onWaitingOnly(e.target.checked)}
        />
      </div>
    </Form>
  );
}
