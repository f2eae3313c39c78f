import { useId, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PAYMENT_METHOD } from '@common/constants.js';
import { formatAccountNumber, formatDate } from '@common/format.js';
import { failureMessages } from '@common/messages.js';
import { centsToEuro, euroToCents, formatEuro } from '@common/money.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { isStaleSave, useSaveCycle } from '../../../components/useSaveCycle.js';
import { useConvertToBankTransfer } from '../api/convert-to-bank-transfer.js';
import { useConvertToCash } from '../api/convert-to-cash.js';
import { usePayments } from '../api/get-payments.js';
import { useReloadSubscriptionDetail } from '../api/get-subscription-full-detail.js';
import { usePaymentComplete } from '../api/payment-complete.js';
import { useResendConfirmationEmail } from '../api/resend-confirmation-email.js';
import { ConfirmedActionButton } from './ConfirmedActionButton.js';
import { DiscountForm } from './DiscountForm.js';
import { DiscountList } from './DiscountList.js';
import { PaymentList } from './PaymentList.js';
import { PaymentQrCode } from './PaymentQrCode.js';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge.js';

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-6 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-sm-6 mb-1">{children === '' || children === null ? '/' : children}</dd>
    </>
  );
}

/** Prices, discount, amounts, payment facts and status, and the financial actions of the subscription. */
export function FinancialCard({ detail }: { detail: SubscriptionDetail }) {
  const titleId = useId();
  const id = detail.SUBSCRIPTION_ID;
  const toCash = useConvertToCash();
  const toBankTransfer = useConvertToBankTransfer();
  const paymentComplete = usePaymentComplete();
  const resend = useResendConfirmationEmail();
  const reloadDetail = useReloadSubscriptionDetail();
  const resendCycle = useSaveCycle(failureMessages.resendMail);
  const [resent, setResent] = useState(false);
  const isCash = detail.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash;
  // What was paid back (refunds are negative payments): a refunded cancellation says so beside its status.
  const payments = usePayments(id);
  const refundedCents = (payments.data ?? []).filter((p) => p.source === 'refund').reduce((sum, p) => sum - euroToCents(p.amount), 0);

  const resendConfirmation = () => {
    setResent(false);
    void resendCycle.run(
      () => resend.mutateAsync(id),
      () => setResent(true),
    );
  };

  return (
    <Card as="section" aria-labelledby={titleId} className="mb-3">
      <Card.Header>
        <h2 id={titleId} className="h5 mb-0">
          Financieel
        </h2>
      </Card.Header>
      <Card.Body>
        <p className="mb-3">
          <PaymentStatusBadge
            status={detail.PAYMENT_STATUS}
            saldo={detail.SUBSCRIPTION_SALDO}
            amountToPay={detail.SUBSCRIPTION_AMOUNT_TO_PAY}
            cancelled={detail.SUBSCRIPTION_CANCELLED}
            className="fs-6 text-wrap"
          />
          {detail.SUBSCRIPTION_CANCELLED && refundedCents > 0 && (
            <span className="ms-2" data-testid="refunded">
              Terugbetaald: {formatEuro(centsToEuro(refundedCents))}
            </span>
          )}
        </p>
        {detail.SUBSCRIPTION_CANCELLED && (
          <p className="small text-body-secondary">
            Na een annulatie is enkel de annulatiekost van het kamp verschuldigd; wat meer betaald is, wordt terugbetaald.
          </p>
        )}
        <dl className="row mb-3">
          <Value label="Prijs kamp">{formatEuro(detail.CAMP_PRICE)}</Value>
          <Value label="Prijs bij inschrijving">{formatEuro(detail.SUBSCRIPTION_CAMP_PRICE)}</Value>
          <Value label="Korting">{formatEuro(detail.SUBSCRIPTION_CAMP_DISCOUNT)}</Value>
          <Value label="Te betalen">{formatEuro(detail.SUBSCRIPTION_AMOUNT_TO_PAY)}</Value>
          <Value label="Betaald">{formatEuro(detail.SUBSCRIPTION_PAID_AMOUNT)}</Value>
          <Value label="Saldo">{formatEuro(detail.SUBSCRIPTION_SALDO)}</Value>
          <Value label="Betaalwijze">{detail.PAYMENTMETHOD_DESCRIPTION}</Value>
          <Value label="Betaaldatum">{formatDate(detail.SUBSCRIPTION_PAYMENT_DATE)}</Value>
          <Value label="Rekeningnummer">{formatAccountNumber(detail.SUBSCRIPTION_PAID_ACCOUNTNR)}</Value>
          <Value label="Gestructureerde mededeling">{detail.SUBSCRIPTION_OGM}</Value>
        </dl>
        <PaymentQrCode subscriptionId={id} saldo={detail.SUBSCRIPTION_SALDO} ogm={detail.SUBSCRIPTION_OGM} />
        <DiscountList subscriptionId={id} />
        <PaymentList subscriptionId={id} />
        <div className="d-flex flex-wrap gap-2 mb-3">
          {isCash ? (
            <ConfirmedActionButton
              label="Omzetten naar overschrijving"
              variant="outline-primary"
              modalTitle="Omzetten naar overschrijving"
              confirmLabel="Omzetten naar overschrijving"
              failureMessage={failureMessages.convertToBankTransfer}
              action={() => toBankTransfer.mutateAsync(id)}
            >
              <p>De betaalwijze van deze inschrijving wordt overschrijving.</p>
              <p className="mb-0">
                De ouder krijgt hierover geen mail. Verstuur daarna zelf de confirmatiemail opnieuw met de knop &apos;Confirmatiemail
                opnieuw versturen&apos;, zodat de ouder de gegevens voor de overschrijving krijgt.
              </p>
            </ConfirmedActionButton>
          ) : (
            <ConfirmedActionButton
              label="Omzetten naar cash"
              variant="outline-primary"
              modalTitle="Omzetten naar cash betaling"
              confirmLabel="Omzetten naar cash"
              failureMessage={failureMessages.convertToCash}
              action={() => toCash.mutateAsync(id)}
            >
              <p className="mb-0">
                De betaalwijze van deze inschrijving wordt contante betaling. De ouder krijgt hierover een mail op{' '}
                {detail.SUBSCRIBER_PARENT_EMAIL}.
              </p>
            </ConfirmedActionButton>
          )}
          <ConfirmedActionButton
            label="Bedragen gelijk zetten"
            variant="outline-primary"
            modalTitle="Bedragen gelijk zetten"
            confirmLabel="Bedragen gelijk zetten"
            failureMessage={failureMessages.paymentComplete}
            refresh={() => reloadDetail(id)}
            action={() =>
              paymentComplete
                .mutateAsync({ SUBSCRIPTION_ID: id, SUBSCRIPTION_AMOUNT_TO_PAY: detail.SUBSCRIPTION_AMOUNT_TO_PAY })
                .catch((error) => {
                  // The amount changed since: the dialog shows the current one, to confirm again.
                  if (isStaleSave(error)) void reloadDetail(id);
                  throw error;
                })
            }
          >
            <p className="mb-0">
              Het betaalde bedrag wordt gelijk gezet aan het te betalen bedrag ({formatEuro(detail.SUBSCRIPTION_AMOUNT_TO_PAY)}) en de
              inschrijving staat daarna als betaald.
            </p>
          </ConfirmedActionButton>
          <Button variant="outline-primary" onClick={resendConfirmation} disabled={resendCycle.state === 'submitting'}>
            {resendCycle.state === 'submitting' ? 'Bezig…' : 'Confirmatiemail opnieuw versturen'}
          </Button>
        </div>
        {resent && (
          <Alert variant="success" role="status">
            Confirmatiemail opnieuw verzonden.
          </Alert>
        )}
        <ErrorAlert message={resendCycle.error} />
        <hr />
        <DiscountForm detail={detail} />
      </Card.Body>
    </Card>
  );
}
