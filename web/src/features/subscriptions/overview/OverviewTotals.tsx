import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Popover from 'react-bootstrap/Popover';
import { centsToEuro, formatEuro } from '@common/money.js';
import type { PaymentMethodRecord } from '@common/schemas/taxonomy.js';
import type { MoneySplit, OverviewTotals as Totals } from '@common/subscription-overview.js';

interface OverviewTotalsProps {
  totals: Totals;
  paymentMethods: readonly PaymentMethodRecord[];
}

/** Paid, unpaid and total revenue of the subscriptions the filters select; each opens its split by payment method. */
export default function OverviewTotals({ totals, paymentMethods }: OverviewTotalsProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-label="Totalen" role="group">
      <TotalFigure id="total-paid" label="Betaald" split={totals.paid} paymentMethods={paymentMethods} />
      <TotalFigure id="total-unpaid" label="Niet betaald" split={totals.unpaid} paymentMethods={paymentMethods} />
      <TotalFigure id="total-revenue" label="Totale omzet" split={totals.revenue} paymentMethods={paymentMethods} />
    </div>
  );
}

function TotalFigure({
  id,
  label,
  split,
  paymentMethods,
}: {
  id: string;
  label: string;
  split: MoneySplit;
  paymentMethods: readonly PaymentMethodRecord[];
}) {
  const popover = (
    <Popover id={`${id}-split`}>
      <Popover.Header as="h2" className="h6">
        {label}
      </Popover.Header>
      <Popover.Body>
        <table className="table table-sm mb-0">
          <tbody>
            {paymentMethods.map((method) => (
              <tr key={method.PAYMENTMETHOD_ID}>
                <th scope="row" className="fw-normal">
                  {method.PAYMENTMETHOD_DESCRIPTION}
                </th>
                <td className="text-end text-nowrap">{formatEuro(centsToEuro(split.byMethodCents.get(method.PAYMENTMETHOD_ID) ?? 0))}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Totaal</th>
              <td className="text-end text-nowrap fw-bold">{formatEuro(centsToEuro(split.totalCents))}</td>
            </tr>
          </tbody>
        </table>
      </Popover.Body>
    </Popover>
  );
  return (
    <OverlayTrigger trigger="click" placement="bottom" rootClose overlay={popover}>
      <Button variant="outline-dark" size="sm">
        {label}: <strong>{formatEuro(centsToEuro(split.totalCents))}</strong>
      </Button>
    </OverlayTrigger>
  );
}
