import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { compareDutch } from '@common/sort.js';
import { FilterSelect, type FilterOption } from '../../../components/FilterSelect.js';
import { useLocations, usePeriods, useThemes } from '../../../lib/lookups.js';

export interface CampFilter {
  locationId: string;
  themeId: string;
  periodId: string;
}

export const noCampFilter: CampFilter = { locationId: '', themeId: '', periodId: '' };

/** The three dropdowns of the camps overview; an empty value means every location, theme or period. */
export function CampFilters({ year, filter, onChange }: { year: number; filter: CampFilter; onChange: (filter: CampFilter) => void }) {
  const locations = useLocations();
  const themes = useThemes();
  const periods = usePeriods(year);
  const byLabel = (a: FilterOption, b: FilterOption) => compareDutch(a.label, b.label);
  return (
    <Row className="g-2 mb-3">
      <Col xs={12} md={4} lg={3}>
        <FilterSelect
          id="camp-filter-location"
          label="Locatie"
          allLabel="Alle locaties"
          value={filter.locationId}
          options={(locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME })).sort(byLabel)}
          onChange={(locationId) => onChange({ ...filter, locationId })}
        />
      </Col>
      <Col xs={12} md={4} lg={3}>
        <FilterSelect
          id="camp-filter-theme"
          label="Thema"
          allLabel="Alle thema's"
          value={filter.themeId}
          options={(themes.data ?? []).map((t) => ({ value: t.THEME_ID, label: t.THEME_NAME })).sort(byLabel)}
          onChange={(themeId) => onChange({ ...filter, themeId })}
        />
      </Col>
      <Col xs={12} md={4} lg={3}>
        <FilterSelect
          id="camp-filter-period"
          label="Periode"
          allLabel="Alle periodes"
          value={filter.periodId}
          options={(periods.data ?? []).map((p) => ({ value: p.PERIOD_ID, label: p.PERIOD_NAME }))}
          onChange={(periodId) => onChange({ ...filter, periodId })}
        />
      </Col>
    </Row>
  );
}
