import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { paymentStatusLabels, paymentStatusVariants, type PaymentStatus } from '@common/payment-status.js';
import type { CampSummaryRecord } from '@common/schemas/camps.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useCampSummary } from '../api/get-camp-summary.js';
import { Money } from '../../../components/Money.js';

const statusCounts: [PaymentStatus, keyof CampSummaryRecord][] = [
  ['PAID', 'PAID'],
  ['NOT-PAID', 'NOT_PAID'],
  ['OPEN-SALDO', 'OPEN_SALDO'],
  ['PAID-TO-MUCH', 'PAID_TO_MUCH'],
];

/** The camp's subscriptions at a glance: seats, payment states and money of those not cancelled. */
export function CampSummary({ campId }: { campId: number }) {
  const summary = useCampSummary(campId);
  return (
    <Card className="mb-3 h-100">
      <Card.Header as="h2" className="h5">
        Inschrijvingen
      </Card.Header>
      <Card.Body>
        {summary.isPending ? (
          <LoadingLine />
        ) : !summary.data ? (
          <p className="text-muted mb-0">Het overzicht van de inschrijvingen kon niet geladen worden.</p>
        ) : (
          <SummaryTable summary={summary.data} />
        )}
      </Card.Body>
    </Card>
  );
}

function SummaryTable({ summary }: { summary: CampSummaryRecord }) {
  return (
    <Table size="sm" className="mb-0" aria-label="Overzicht van de inschrijvingen">
      <tbody>
        <tr>
          <th scope="row">Plaatsen bezet</th>
          <td className={summary.SEATS_OPEN <= 0 ? 'text-danger fw-bold' : undefined}>
            {summary.SEATS_TAKEN}/{summary.SEATS_AVAILABLE} ({summary.SEATS_OPEN} vrij)
          </td>
        </tr>
        <tr>
          <th scope="row">Inschrijvingen</th>
          <td>
            {summary.SUBSCRIPTIONS_TOTAL} ({summary.SUBSCRIPTIONS_CANCELLED} geannuleerd)
          </td>
        </tr>
        {statusCounts.map(([status, field]) => (
          <tr key={status}>
            <th scope="row">
              <Badge bg={paymentStatusVariants[status]} text={paymentStatusVariants[status] === 'warning' ? 'dark' : undefined}>
                {paymentStatusLabels[status]}
              </Badge>
            </th>
            <td>{summary[field]}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Te betalen</th>
          <td>
            <Money euro={summary.AMOUNT_TO_PAY_TOTAL} />
          </td>
        </tr>
        <tr>
          <th scope="row">Betaald</th>
          <td>
            <Money euro={summary.PAID_AMOUNT_TOTAL} />
          </td>
        </tr>
      </tbody>
    </Table>
  );
}
