import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { MonitorRecord } from '@common/schemas/monitors.js';
import { paths } from '../../../app/paths.js';

/** An empty value shows '/' (spec section 2). */
const orSlash = (value: string | null) => (value === null || value.trim() === '' ? '/' : value);

export function MonitorsTable({ monitors }: { monitors: MonitorRecord[] }) {
  return (
    <Table striped hover responsive size="sm" className="align-middle">
      <thead>
        <tr>
          <th scope="col">Naam</th>
          <th scope="col">Opmerking</th>
          <th scope="col">Telefoon</th>
          <th scope="col">E-mail</th>
          <th scope="col">Acties</th>
        </tr>
      </thead>
      <tbody>
        {monitors.map((monitor) => (
          <tr key={monitor.MONITOR_ID}>
            <td>{`${monitor.MONITOR_LASTNAME}, ${monitor.MONITOR_FIRSTNAME}`}</td>
            <td>{orSlash(monitor.MONITOR_REMARK)}</td>
            <td>{orSlash(monitor.MONITOR_PHONE)}</td>
            <td>{orSlash(monitor.MONITOR_EMAIL)}</td>
            <td>
              <Link
                to={paths.monitorDetail(monitor.MONITOR_ID)}
                className="btn btn-outline-primary btn-sm"
                aria-label={`Wijzigen: ${monitor.MONITOR_FIRSTNAME} ${monitor.MONITOR_LASTNAME}`}
              >
                Wijzigen
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
