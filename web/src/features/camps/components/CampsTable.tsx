import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { CampRecord } from '@common/schemas/camps.js';
import { paths } from '../../../app/paths.js';
import { campName, periodWithDates } from './camp-name.js';
import { waitingListPath } from '../../../lib/waiting-list-path.js';

/**
 * The rows of the first pass: a year has some 300 camps, rendered after these are painted. A full-HD window shows
 * about 20 below the filters; every row more is rendered and laid out before the first row's frame (it was 40).
 */
export const FIRST_PASS_ROWS = 25;

/**
 * One row per camp: name with the closed badge, period, age group, seats taken/available, actions. A long list
 * shows its first rows first and the rest a frame later, so the first rows do not wait for every row's render.
 */
export function CampsTable({ camps, year, onVoucher }: { camps: CampRecord[]; year: number; onVoucher: (camp: CampRecord) => void }) {
  const [complete, setComplete] = useState(camps.length <= FIRST_PASS_ROWS);
  useEffect(() => {
    if (complete) return;
    // The next frame paints the first rows; the task after it renders the rest.
    let timer = 0;
    const frame = requestAnimationFrame(() => (timer = window.setTimeout(() => setComplete(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [complete]);
  const rows = complete ? camps : camps.slice(0, FIRST_PASS_ROWS);
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
        {rows.map((camp) => (
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
              {camp.WAITING_COUNT > 0 && (
                <Link to={waitingListPath(camp.CAMP_ID, year)} className="d-block small fw-normal">
                  wachtlijst: {camp.WAITING_COUNT}
                </Link>
              )}
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
