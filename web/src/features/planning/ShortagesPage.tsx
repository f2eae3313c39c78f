import Table from 'react-bootstrap/Table';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useCampYear } from '../../lib/camp-year.js';
import { PlanningNav } from './PlanningNav.js';
import { ShortBadge } from './ShortBadge.js';
import { usePlanning } from './api/planning-api.js';

/** 'Tekorten': every camp of the year that is short of monitors or of a required qualification, with what is missing. */
export default function ShortagesPage() {
  const year = useCampYear();
  const planning = usePlanning(year);
  const periodName = new Map(planning.data?.periods.map((p) => [p.PERIOD_ID, p.PERIOD_NAME]));
  const short = planning.data?.camps.filter((c) => c.SHORT) ?? [];
  return (
    <>
      <h1 className="h3 mb-3">Tekorten {year}</h1>
      <PlanningNav />
      {planning.isPending && <LoadingLine />}
      <ErrorAlert message={planning.isError ? 'Niet gelukt om de planning op te halen. Probeer opnieuw.' : null} />
      {planning.data &&
        (short.length === 0 ? (
          <p>Elk kamp van {year} heeft genoeg monitoren.</p>
        ) : (
          <>
            <p>{short.length === 1 ? '1 kamp komt monitoren te kort.' : `${short.length} kampen komen monitoren te kort.`}</p>
            <Table size="sm" striped responsive>
              <thead>
                <tr>
                  <th scope="col">Periode</th>
                  <th scope="col">Locatie</th>
                  <th scope="col">Thema</th>
                  <th scope="col">Leeftijdsgroep</th>
                  <th scope="col" className="text-end">
                    Kinderen
                  </th>
                  <th scope="col" className="text-end">
                    Gepland
                  </th>
                  <th scope="col" className="text-end">
                    Nodig
                  </th>
                  <th scope="col" className="text-end">
                    Te kort
                  </th>
                  <th scope="col">Wat ontbreekt</th>
                </tr>
              </thead>
              <tbody>
                {short.map((c) => (
                  <tr key={c.CAMP_ID}>
                    <td>{periodName.get(c.PERIOD_ID)}</td>
                    <td>{c.LOCATION_NAME}</td>
                    <td>{c.THEME_NAME}</td>
                    <td>{c.AGEGROUP_NAME}</td>
                    <td className="text-end">{c.CHILDREN_BOOKED}</td>
                    <td className="text-end">{c.MONITORS_PLANNED}</td>
                    <td className="text-end">{c.MONITORS_NEEDED}</td>
                    <td className="text-end">{c.MONITORS_MISSING}</td>
                    <td>
                      <ShortBadge camp={c} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        ))}
    </>
  );
}
