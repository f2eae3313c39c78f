import { useMemo, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { matchesSearch, searchIndexEntry } from '@common/search.js';
import { paths } from '../../app/paths.js';
import { DownloadMenu, spreadsheetChoices } from '../../components/DownloadMenu.js';
import { FilterSelect } from '../../components/FilterSelect.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useDebouncedSearch } from '../../components/useDebouncedSearch.js';
import { useLocations } from '../../lib/lookups.js';
import { useMonitors } from './api/get-monitors.js';
import { MonitorsTable } from './components/MonitorsTable.js';

/** The monitors: search on first name, last name and remark, a filter on the first camp location, and an add button. */
export default function MonitorsOverviewPage() {
  const monitors = useMonitors();
  const locations = useLocations();
  // The search looks at every monitor, whatever location was chosen, so it resets the dropdown;
  // choosing a location clears the search (a pending one included).
  const [locationId, setLocationId] = useState('');
  const { text, query, type, clear } = useDebouncedSearch(() => setLocationId(''));
  const chooseLocation = (chosen: string) => {
    clear();
    setLocationId(chosen);
  };

  const indexed = useMemo(
    () =>
      (monitors.data ?? []).map((monitor) => ({
        monitor,
        entry: searchIndexEntry([monitor.MONITOR_FIRSTNAME, monitor.MONITOR_LASTNAME, monitor.MONITOR_REMARK]),
      })),
    [monitors.data],
  );
  const shown = useMemo(
    () =>
      indexed
        .filter(({ monitor, entry }) =>
          query ? matchesSearch(entry, query) : locationId === '' || monitor.MONITOR_CAMP_LOCATION_1 === Number(locationId),
        )
        .map(({ monitor }) => monitor),
    [indexed, query, locationId],
  );

  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline gap-3 mb-3">
        <h1 className="h3 mb-0">Monitoren</h1>
        {monitors.data && (
          <span className="text-body-secondary" role="status" data-testid="monitor-count">
            {shown.length === 1 ? '1 monitor' : `${shown.length} monitoren`}
          </span>
        )}
        <Link to={paths.monitorDetail()} className="btn btn-primary btn-sm">
          Monitor toevoegen
        </Link>
        <DownloadMenu id="monitors-export" label="Exporteren (Excel)" choices={spreadsheetChoices('exportMonitors')} />
      </div>
      <Row className="g-2 mb-3">
        <Col sm={6} lg={4}>
          <Form.Label htmlFor="monitor-search" className="small mb-1">
            Zoeken op voornaam, familienaam of opmerking
          </Form.Label>
          <Form.Control id="monitor-search" type="search" size="sm" value={text} onChange={(e) => type(e.target.value)} />
        </Col>
        <Col sm={6} lg={3}>
          <FilterSelect
            id="monitor-filter-location"
            label="Eerste kamplocatie"
            allLabel="Alle locaties"
            value={locationId}
            options={(locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME }))}
            onChange={chooseLocation}
          />
        </Col>
      </Row>
      {/* A failed load shows no message (spec section 8): the search stays, the table does not appear. */}
      {monitors.isPending && <LoadingLine />}
      {monitors.data && <MonitorsTable monitors={shown} />}
    </>
  );
}
