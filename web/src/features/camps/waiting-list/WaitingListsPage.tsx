import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { failureMessages } from '@common/messages.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { useCamps } from '../api/get-camps.js';
import { campName, periodWithDates } from '../components/camp-name.js';
import { waitingListPath } from '../../../lib/waiting-list-path.js';

/**
 * /wachtlijst: the camps of the year that are full or have children waiting (issue 34), each with its count and a
 * link to its list. A camp with free seats and nobody waiting has no list to look at.
 */
export default function WaitingListsPage() {
  const year = useCampYear();
  const camps = useCamps(year);
  const shown = (camps.data ?? []).filter((c) => c.WAITING_COUNT > 0 || (c.SEATS_OPEN <= 0 && !c.CAMP_CLOSED));
  return (
    <>
      <h1 className="h3 mb-3">Wachtlijsten {year}</h1>
      {camps.isPending ? (
        <LoadingLine />
      ) : camps.isError ? (
        <ErrorAlert message={failureMessages.loadCamps} />
      ) : shown.length === 0 ? (
        <p>Geen kamp in {year} is volzet of heeft een wachtlijst.</p>
      ) : (
        <Table striped hover responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Kamp</th>
              <th scope="col">Periode</th>
              <th scope="col">Bezet/beschikbaar</th>
              <th scope="col">Op de wachtlijst</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((camp) => (
              <tr key={camp.CAMP_ID} data-camp-id={camp.CAMP_ID}>
                <td>
                  <Link to={waitingListPath(camp.CAMP_ID, year)}>{campName(camp)}</Link>
                </td>
                <td>{periodWithDates(camp)}</td>
                <td className={camp.SEATS_OPEN <= 0 ? 'text-danger fw-bold' : undefined}>
                  {camp.SEATS_TAKEN}/{camp.SEATS_AVAILABLE}
                </td>
                <td>{camp.WAITING_COUNT}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
