import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { CampRecord } from '@common/schemas/camps.js';
import { paths } from '../../../app/paths.js';
import { campName, periodWithDates } from './camp-name.js';

/** One row per camp: name with the closed badge, period, age group, seats taken/available, actions. */
export function CampsTable({ camps, year, onVoucher }: { camps: CampRecord[]; year: number; onVoucher: (camp: CampRecord) => void }) {
  return (
    <Table striped hover responsive size="sm" className="align-middle table-fixed-header">
      <thead>
        <tr>
          <th scope="col">Kamp</th>
          <th scope="col">Periode</th>
          <th scope="col">Leeftijdsgroep</th>
          <th scope="col">Bezet/beschikbaar</th>
          <th scope="col">Acties</th>
        </tr>
      </thead>
      <tbody>
        {camps.map((camp) => (
          <tr key={camp.CAMP_ID} data-camp-id={camp.CAMP_ID}>
            <td>
              {campName(camp)}
              {camp.CAMP_CLOSED && (
                <Badge bg="danger" className="ms-2">
                  Kamp afgesloten
                </Badge>
              )}
            </td>
            <td>{periodWithDates(camp)}</td>
            <td>{camp.AGEGROUP_NAME}</td>
            <td className={camp.SEATS_OPEN <= 0 ? 'text-danger fw-bold' : undefined}>
              {camp.SEATS_TAKEN}/{camp.SEATS_AVAILABLE}
            </td>
            <td className="text-nowrap">
              <Button variant="outline-secondary" size="sm" className="me-2" onClick={() => onVoucher(camp)}>
                Voucher genereren
              </Button>
              <Link to={paths.campParticipants(camp.CAMP_ID, year)} className="btn btn-outline-secondary btn-sm me-2">
                Deelnemers
              </Link>
              <Link to={paths.campDetail(camp.CAMP_ID, year)} target="_blank" rel="noopener" className="btn btn-outline-primary btn-sm">
                Wijzigen
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
