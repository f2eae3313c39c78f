import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { todayInBelgium } from '@common/calendar.js';
import { formatAccountNumber } from '@common/format.js';
import { isValidIban } from '@common/identity-numbers.js';
import { formatEuro } from '@common/money.js';
import { refundMessages, type RefundRecord } from '@common/schemas/refunds.js';
import { paths } from '../../../app/paths.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { refusalMessage } from '../../../components/server-field-errors.js';
import { Progress } from '../../../components/Progress.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { useMayCall } from '../../../lib/may-call.js';
import { exportRefunds, useMarkRefundPaid, useRefunds } from '../api/refunds.js';
import { PaymentsTabs } from '../PaymentsTabs.js';
import { RequiredMark } from '../../../components/TextInput.js';
import { Money } from '../../../components/Money.js';

const ibanOf = (typed: string) => typed.replace(/\s/g, '').toUpperCase();

/**
 * 'Terugbetalingen' (issue 19): overpaid subscriptions and cancelled ones with money paid. A beheerder
 * selects rows and makes a SEPA credit-transfer file for the bank, then marks each refund paid; other
 * staff see the list (paying out is the beheerder's, issue 20). A row without a valid account cannot be
 * selected until an IBAN is typed in.
 */
export default function RefundsPage() {
  const year = useCampYear();
  const refunds = useRefunds(year);
  const mayExport = useMayCall('exportRefunds');
  const mayMarkPaid = useMayCall('markRefundPaid');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [typedAccounts, setTypedAccounts] = useState<Record<number, string>>({});
  const [exporting, setExporting] = useState<
    { status: 'idle' | 'pending' } | { status: 'done'; fileName: string } | { status: 'error'; message: string }
  >({
    status: 'idle',
  });
  const [paying, setPaying] = useState<RefundRecord | null>(null);

  const rows = refunds.data ?? [];
  const typedIban = (id: number) => ibanOf(typedAccounts[id] ?? '');
  const selectable = (r: RefundRecord) => r.REFUND_REFUSAL === null || isValidIban(typedIban(r.SUBSCRIPTION_ID));
  const chosen = rows.filter((r) => selected.has(r.SUBSCRIPTION_ID) && selectable(r));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const makeSepaFile = async () => {
    setExporting({ status: 'pending' });
    try {
      const fileName = await exportRefunds({
        subscriptionIds: chosen.map((r) => r.SUBSCRIPTION_ID),
        accounts: chosen
          .filter((r) => typedIban(r.SUBSCRIPTION_ID) !== '')
          .map((r) => ({ SUBSCRIPTION_ID: r.SUBSCRIPTION_ID, IBAN: typedIban(r.SUBSCRIPTION_ID) })),
      });
      setExporting({ status: 'done', fileName });
    } catch (error) {
      setExporting({ status: 'error', message: refusalMessage(error) ?? '' });
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Terugbetalingen</h1>
      <PaymentsTabs />
      <p>Te veel betaalde inschrijvingen en geannuleerde inschrijvingen waarvoor betaald werd, min de annulatiekost van het kamp.</p>
      {mayExport && (
        <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
          <Button onClick={() => void makeSepaFile()} disabled={chosen.length === 0 || exporting.status === 'pending'}>
            SEPA-bestand maken
          </Button>
          <span role="status">
            {chosen.length === 1 ? '1 terugbetaling gekozen' : `${chosen.length} terugbetalingen gekozen`}
            {chosen.length > 0 && `, samen ${formatEuro(chosen.reduce((sum, r) => sum + r.REFUND_AMOUNT, 0))}`}
            {exporting.status === 'done' && `. ${exporting.fileName} gedownload`}
          </span>
        </div>
      )}
      {exporting.status === 'pending' && (
        <div className="mb-3">
          <Progress label="SEPA-bestand maken" percent={0} busy />
        </div>
      )}
      {exporting.status === 'error' && <ErrorAlert message={exporting.message} />}
      <ErrorAlert message={refunds.error?.message} />
      {refunds.isPending ? (
        <LoadingLine />
      ) : rows.length === 0 ? (
        <p>Er is niets terug te betalen.</p>
      ) : (
        <Table responsive size="sm" data-testid="refunds">
          <thead>
            <tr>
              {mayExport && (
                <th scope="col">
                  <span className="visually-hidden">Kiezen</span>
                </th>
              )}
              <th scope="col">Inschrijving</th>
              <th scope="col">Ouder</th>
              <th scope="col">Kamp</th>
              <th scope="col">Reden</th>
              <th scope="col" className="text-end">
                Betaald
              </th>
              <th scope="col" className="text-end">
                Terug te storten
              </th>
              <th scope="col">Rekeningnummer</th>
              {mayMarkPaid && <th scope="col">Acties</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.SUBSCRIPTION_ID}>
                {mayExport && (
                  <td>
                    <Form.Check
                      aria-label={`${r.SUBSCRIPTION_REFERENCE} kiezen`}
                      checked={selected.has(r.SUBSCRIPTION_ID) && selectable(r)}
                      disabled={!selectable(r)}
                      onChange={() => toggle(r.SUBSCRIPTION_ID)}
                    />
                  </td>
                )}
                <td>
                  <Link to={paths.subscriptionDetail(r.SUBSCRIPTION_ID)}>{r.SUBSCRIPTION_REFERENCE}</Link>
                  <div className="small">
                    {r.SUBSCRIBER_FIRSTNAME} {r.SUBSCRIBER_LASTNAME}
                  </div>
                </td>
                <td>
                  {r.SUBSCRIBER_PARENT_FIRSTNAME} {r.SUBSCRIBER_PARENT_LASTNAME}
                </td>
                <td>
                  {r.THEME_NAME}
                  <div className="small text-body-secondary">
                    {r.LOCATION_NAME_SHORT} | {r.PERIOD_NAME_SHORT}
                  </div>
                </td>
                <td>
                  {r.SUBSCRIPTION_CANCELLED ? 'Geannuleerd' : 'Te veel betaald'}
                  {r.CANCELLATION_FEE > 0 && (
                    <div className="small">
                      Annulatiekost <Money euro={r.CANCELLATION_FEE} />
                    </div>
                  )}
                </td>
                <td className="text-end">
                  <Money euro={r.SUBSCRIPTION_PAID_AMOUNT} />
                </td>
                <td className="text-end">
                  <Money euro={r.REFUND_AMOUNT} />
                </td>
                <td>
                  <AccountCell
                    row={r}
                    typed={typedAccounts[r.SUBSCRIPTION_ID] ?? ''}
                    editable={mayExport}
                    onType={(value) => setTypedAccounts((current) => ({ ...current, [r.SUBSCRIPTION_ID]: value }))}
                  />
                </td>
                {mayMarkPaid && (
                  <td>
                    <Button size="sm" variant="outline-primary" onClick={() => setPaying(r)}>
                      Als betaald markeren
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {paying && <MarkPaidModal refund={paying} onClose={() => setPaying(null)} />}
    </>
  );
}

/** The parent's paid account; without a valid one, why the row cannot be selected and a field to type one in. */
function AccountCell({
  row,
  typed,
  editable,
  onType,
}: {
  row: RefundRecord;
  typed: string;
  editable: boolean;
  onType: (value: string) => void;
}) {
  if (row.REFUND_REFUSAL === null) return <>{formatAccountNumber(row.SUBSCRIPTION_PAID_ACCOUNTNR)}</>;
  const invalidTyped = typed.trim() !== '' && !isValidIban(ibanOf(typed));
  const id = `refund-account-${row.SUBSCRIPTION_ID}`;
  return (
    <>
      {row.SUBSCRIPTION_PAID_ACCOUNTNR && <div>{formatAccountNumber(row.SUBSCRIPTION_PAID_ACCOUNTNR)}</div>}
      <div className="small text-danger" id={`${id}-reason`}>
        {invalidTyped ? refundMessages.accountInvalid : isValidIban(ibanOf(typed)) ? '' : row.REFUND_REFUSAL}
      </div>
      {editable && (
        <Form.Control
          size="sm"
          aria-label={`IBAN voor ${row.SUBSCRIPTION_REFERENCE}`}
          aria-describedby={`${id}-reason`}
          aria-invalid={invalidTyped}
          placeholder="BE.."
          value={typed}
          onChange={(e) => onType(e.target.value)}
        />
      )}
    </>
  );
}

/** Records the refund as a negative payment on the day it left the account; the parent gets a mail. */
function MarkPaidModal({ refund, onClose }: { refund: RefundRecord; onClose: () => void }) {
  const markPaid = useMarkRefundPaid();
  const [amount, setAmount] = useState(String(refund.REFUND_AMOUNT).replace('.', ','));
  const [date, setDate] = useState(todayInBelgium());
  return (
    <ConfirmModal
      show
      title="Terugbetaling als betaald markeren"
      confirmLabel="Als betaald markeren"
      pending={markPaid.isPending}
      error={markPaid.isError ? refusalMessage(markPaid.error) : null}
      onCancel={onClose}
      onConfirm={() => markPaid.mutate({ SUBSCRIPTION_ID: refund.SUBSCRIPTION_ID, amount, date }, { onSuccess: onClose })}
    >
      <p>
        {refund.SUBSCRIPTION_REFERENCE}: de terugbetaling wordt als negatieve betaling geboekt, zodat het saldo op 0 komt. De ouder krijgt
        hierover een mail.
      </p>
      <Form.Group className="mb-3" controlId="refund-amount">
        <Form.Label>
          Bedrag (€)
          <RequiredMark />
        </Form.Label>
        <Form.Control inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="refund-date">
        <Form.Label>
          Datum
          <RequiredMark />
        </Form.Label>
        <Form.Control type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Form.Group>
    </ConfirmModal>
  );
}
