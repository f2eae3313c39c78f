import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { PlanningAnswer, PlanningCamp } from '@common/schemas/planning.js';
import { compareDutch } from '@common/sort.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { FilterSelect } from '../../components/FilterSelect.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useCampYear } from '../../lib/camp-year.js';
import { failureOf } from './planning-errors.js';
import { AssignDialog } from './AssignDialog.js';
import { campLabel, ShortBadge } from './ShortBadge.js';
import { PlanningNav } from './PlanningNav.js';
import { PublishPlanning } from './PublishPlanning.js';
import { usePlanning, usePlanningChange } from './api/planning-api.js';

/** 'Planning' (issue 36): the camp year's grid, periods across and camps down, and the monitors' availability. */
export default function PlanningPage() {
  const year = useCampYear();
  const planning = usePlanning(year);
  const [locationId, setLocationId] = useState('');
  const [view, setView] = useState<'camps' | 'monitors'>('camps');
  return (
    <>
      <h1 className="h3 mb-3">Monitorplanning {year}</h1>
      <PlanningNav />
      {planning.isPending && <LoadingLine />}
      <ErrorAlert message={planning.isError ? 'Niet gelukt om de planning op te halen. Probeer opnieuw.' : null} />
      {planning.data && (
        <>
          <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
            <div>
              <FilterSelect
                id="planning-location"
                label="Locatie"
                allLabel="Alle locaties"
                value={locationId}
                options={locationsOf(planning.data)}
                onChange={setLocationId}
              />
            </div>
            <ButtonGroup aria-label="Weergave">
              <Button
                variant={view === 'camps' ? 'primary' : 'outline-primary'}
                size="sm"
                onClick={() => setView('camps')}
                aria-pressed={view === 'camps'}
              >
                Per kamp
              </Button>
              <Button
                variant={view === 'monitors' ? 'primary' : 'outline-primary'}
                size="sm"
                onClick={() => setView('monitors')}
                aria-pressed={view === 'monitors'}
              >
                Beschikbaarheid per monitor
              </Button>
            </ButtonGroup>
          </div>
          <PublishPlanning data={planning.data} year={year} />
          {view === 'camps' ? (
            <CampsGrid data={planning.data} locationId={locationId === '' ? null : Number(locationId)} year={year} />
          ) : (
            <AvailabilityGrid data={planning.data} year={year} />
          )}
        </>
      )}
    </>
  );
}

function locationsOf(data: PlanningAnswer) {
  const names = new Map(data.camps.map((c) => [c.LOCATION_ID, c.LOCATION_NAME]));
  return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => compareDutch(a.label, b.label));
}

function CampsGrid({ data, locationId, year }: { data: PlanningAnswer; locationId: number | null; year: number }) {
  const [open, setOpen] = useState<number | null>(null);
  const camps = data.camps.filter((c) => locationId === null || c.LOCATION_ID === locationId);
  const openCamp = data.camps.find((c) => c.CAMP_ID === open);
  if (camps.length === 0) return <p>Geen kampen in {year}.</p>;
  return (
    <>
      <Table bordered size="sm" responsive className="align-top planning-grid">
        <caption className="visually-hidden">Kampen per periode met hun monitoren</caption>
        <PeriodsHeader first="Kamp" periods={data.periods} />
        <tbody>
          {camps.map((camp) => (
            <tr key={camp.CAMP_ID} data-testid={`planning-camp-${camp.CAMP_ID}`}>
              <th scope="row" className="fw-normal">
                {campLabel(camp)}
              </th>
              {data.periods.map((p) =>
                p.PERIOD_ID === camp.PERIOD_ID ? (
                  <td key={p.PERIOD_ID} className={camp.SHORT ? 'table-warning' : ''}>
                    <CampCell camp={camp} onPlan={() => setOpen(camp.CAMP_ID)} />
                  </td>
                ) : (
                  <td key={p.PERIOD_ID} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      {openCamp && <AssignDialog camp={openCamp} data={data} onClose={() => setOpen(null)} />}
    </>
  );
}

function CampCell({ camp, onPlan }: { camp: PlanningCamp; onPlan: () => void }) {
  return (
    <div className="small" style={{ minWidth: '11rem' }}>
      <div>
        {camp.CHILDREN_BOOKED} kinderen, {camp.MONITORS_PLANNED} van {camp.MONITORS_NEEDED} monitoren
      </div>
      <ul className="list-unstyled mb-1">
        {camp.MONITORS.map((m) => (
          <li key={m.MONITOR_ID}>
            {m.MONITOR_NAME}
            {m.HEAD && <strong> (hoofdmonitor)</strong>}
            {m.DRAFT && <span className="text-body-secondary"> (concept)</span>}
          </li>
        ))}
      </ul>
      <ShortBadge camp={camp} />
      <div className="mt-1">
        <Button size="sm" variant="primary" onClick={onPlan} aria-label={`Monitoren plannen: ${campLabel(camp)}`}>
          Plannen
        </Button>
      </div>
    </div>
  );
}

/** Monitors down, periods across: whether each can work that period, and the camp they are planned on. */
function AvailabilityGrid({ data, year }: { data: PlanningAnswer; year: number }) {
  const save = usePlanningChange('saveAvailability');
  const [error, setError] = useState<string | null>(null);
  const plannedIn = useMemo(() => {
    const map = new Map<string, string>();
    for (const camp of data.camps) for (const m of camp.MONITORS) map.set(`${m.MONITOR_ID}/${camp.PERIOD_ID}`, campLabel(camp));
    return map;
  }, [data]);
  const toggle = (monitorId: number, periodIds: number[], periodId: number, on: boolean) => {
    setError(null);
    const next = on ? [...periodIds, periodId] : periodIds.filter((id) => id !== periodId);
    save.mutate({ MONITOR_ID: monitorId, PERIOD_IDS: next, campYear: year }, { onError: (e) => setError(failureOf(e)) });
  };
  return (
    <>
      <ErrorAlert message={error} />
      <Table bordered size="sm" responsive>
        <caption className="visually-hidden">Beschikbaarheid van de monitoren per periode</caption>
        <PeriodsHeader first="Monitor" periods={data.periods} />
        <tbody>
          {data.monitors.map((m) => (
            <tr key={m.MONITOR_ID}>
              <th scope="row" className="fw-normal text-nowrap">
                {m.MONITOR_NAME}
              </th>
              {data.periods.map((p) => {
                const planned = plannedIn.get(`${m.MONITOR_ID}/${p.PERIOD_ID}`);
                return (
                  <td key={p.PERIOD_ID} className="small">
                    <Form.Check
                      id={`available-${m.MONITOR_ID}-${p.PERIOD_ID}`}
                      label="Beschikbaar"
                      aria-label={`${m.MONITOR_NAME} beschikbaar in ${p.PERIOD_NAME}`}
                      checked={m.AVAILABLE_PERIOD_IDS.includes(p.PERIOD_ID)}
                      disabled={save.isPending}
                      onChange={(e) => toggle(m.MONITOR_ID, m.AVAILABLE_PERIOD_IDS, p.PERIOD_ID, e.target.checked)}
                    />
                    {planned && <div className="text-body-secondary">{planned}</div>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** The header row of the year's grids: the first column's name, then the periods across. */
function PeriodsHeader({ first, periods }: { first: string; periods: { PERIOD_ID: number; PERIOD_NAME: string }[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {periods.map((p) => (
          <th scope="col" key={p.PERIOD_ID} className="text-nowrap">
            {p.PERIOD_NAME}
          </th>
        ))}
      </tr>
    </thead>
  );
}
