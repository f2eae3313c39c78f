import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { formatDate } from '@common/format.js';
import { paths } from '../../app/paths.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { useCampYear } from '../../lib/camp-year.js';
import { MyAvailability } from './MyAvailability.js';
import { useMyPlanning } from './api/planning-api.js';

/** 'Mijn planning': a signed-in monitor's weeks and camps of the camp year, each with its participant list, and their availability. */
export default function MyPlanningPage() {
  const year = useCampYear();
  const mine = useMyPlanning(year);
  return (
    <>
      <h1 className="h3 mb-3">Mijn planning {year}</h1>
      {mine.isPending && <LoadingLine />}
      <ErrorAlert message={mine.isError ? 'Niet gelukt om je planning op te halen. Probeer opnieuw.' : null} />
      {mine.data?.length === 0 && <p>Je bent in {year} nog op geen enkel kamp ingepland.</p>}
      {mine.data?.map((camp) => (
        <Card key={camp.CAMP_ID} as="section" className="mb-3" aria-label={`${camp.PERIOD_NAME}: ${camp.THEME_NAME}`}>
          <Card.Body>
            <h2 className="h5">
              {camp.PERIOD_NAME}: {camp.THEME_NAME}
            </h2>
            <p className="mb-2">
              {formatDate(camp.PERIOD_STARTDATE)} tot {formatDate(camp.PERIOD_ENDDATE)}, {camp.LOCATION_NAME}, {camp.AGEGROUP_NAME}.{' '}
              {camp.CHILDREN_BOOKED === 1 ? '1 kind ingeschreven.' : `${camp.CHILDREN_BOOKED} kinderen ingeschreven.`}
              {camp.HEAD && ' Je bent hoofdmonitor.'}
            </p>
            <Link className="btn btn-primary" to={paths.campParticipants(camp.CAMP_ID, year)}>
              Deelnemers
            </Link>
          </Card.Body>
        </Card>
      ))}
      <MyAvailability year={year} />
    </>
  );
}
