import { useEffect, useState } from 'react';
import { PAYMENT_METHOD } from '@common/constants.js';
import { formatAccountNumber } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { Contract, DataOf } from '@common/contract/index.js';
import type { PublicCamp } from '@common/schemas/public.js';
import { api, type ApiError } from './api.js';
import { Message } from './fields.js';
import { dayText, longDayText, periodText } from './format.js';
import type { Confirmation as ConfirmationData } from './state.js';

/** The EPC QR code the server drew (an SVG), as an image a banking app's camera reads. */
function PaymentQr({ svg, amount }: { svg: string; amount: number }) {
  return (
    <img
      className="qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={200}
      height={200}
      alt={`QR-code voor de overschrijving van ${formatEuro(amount)}: scan hem met uw bankapp.`}
    />
  );
}

/** Where and when a cash payment is made: at the camp's location on its first day. */
function cashText(amount: number, camp: PublicCamp | undefined) {
  if (!camp) return `Betaal ${formatEuro(amount)} contant bij de start van het kamp.`;
  const place = camp.LOCATION_ADDRESS ? `${camp.LOCATION_NAME}, ${camp.LOCATION_ADDRESS}` : camp.LOCATION_NAME;
  return `Betaal ${formatEuro(amount)} contant bij de start van het kamp, op ${longDayText(camp.PERIOD_STARTDATE)} op de kamplocatie (${place}).`;
}

/** What to pay for one booking and how: the OGM and QR code of a transfer, or where and when in cash. */
function HowToPay(props: {
  booking: { SUBSCRIPTION_SALDO: number; SUBSCRIPTION_OGM: string; PAYMENTMETHOD_ID: number; PAYMENT_QR_SVG: string | null };
  account: string;
  organiser: string;
  camp: PublicCamp | undefined;
}) {
  const { booking } = props;
  if (booking.SUBSCRIPTION_SALDO <= 0) return <p>Betaald: er staat niets meer open.</p>;
  if (booking.PAYMENTMETHOD_ID === PAYMENT_METHOD.cash) return <p>{cashText(booking.SUBSCRIPTION_SALDO, props.camp)}</p>;
  return (
    <>
      <dl className="pay">
        <dt>Bedrag</dt>
        <dd className="amount">{formatEuro(booking.SUBSCRIPTION_SALDO)}</dd>
        <dt>Rekening</dt>
        <dd>
          {formatAccountNumber(props.account)} ({props.organiser})
        </dd>
        <dt>Gestructureerde mededeling</dt>
        <dd className="ogm">{booking.SUBSCRIPTION_OGM}</dd>
      </dl>
      {booking.PAYMENT_QR_SVG && <PaymentQr svg={booking.PAYMENT_QR_SVG} amount={booking.SUBSCRIPTION_SALDO} />}
    </>
  );
}

/** After 'Boeken': per child and camp the amount, the organiser's account, the OGM and the QR code (issue 40). */
export function Confirmation({ data, camps }: { data: ConfirmationData | null; camps: PublicCamp[] }) {
  if (!data)
    return (
      <>
        <h1 tabIndex={-1}>Bevestiging</h1>
        <p>
          Er is geen recente inschrijving om te tonen. Uw inschrijvingen staan op <a href="#/inschrijvingen">Mijn inschrijvingen</a>.
        </p>
      </>
    );
  const { answer } = data;
  return (
    <>
      <h1 tabIndex={-1}>Uw inschrijving is gelukt</h1>
      <p>
        We stuurden ook een bevestiging per mail. In totaal te betalen: <strong>{formatEuro(answer.TOTAL_TO_PAY)}</strong>.
      </p>
      <ul className="bookings">
        {answer.bookings.map((booking, index) => {
          const line = data.lines[index];
          const camp = camps.find((c) => c.CAMP_ID === line?.camp.CAMP_ID) ?? line?.camp;
          return (
            <li key={booking.SUBSCRIPTION_ID} className="card" data-subscription-id={booking.SUBSCRIPTION_ID}>
              <h2>
                {line?.childName}: {camp?.THEME_NAME} in {camp?.LOCATION_NAME}
              </h2>
              <p className="hint">
                Referentie {booking.SUBSCRIPTION_REFERENCE}
                {camp ? `; ${periodText(camp.PERIOD_STARTDATE, camp.PERIOD_ENDDATE)}` : ''}
              </p>
              <HowToPay booking={booking} account={answer.ORGANISER_ACCOUNT} organiser={answer.ORGANISER_NAME} camp={camp} />
            </li>
          );
        })}
      </ul>
      <p>
        <a href="#/inschrijvingen">Mijn inschrijvingen</a> · <a href="#/">Nog een kamp kiezen</a>
      </p>
    </>
  );
}

/** The beneficiary's name and account from an EPC payload (lines 6 and 7 of the EPC069-12 standard). */
function beneficiary(payload: string | null) {
  const lines = payload?.split('\n') ?? [];
  return { organiser: lines[5] ?? '', account: lines[6] ?? '' };
}

type MyBookings = DataOf<Contract['getMyBookings']>['BOOKINGS'];

/** 'Mijn inschrijvingen': the family's bookings with what is still open and how to pay it. */
export function MyBookings({ camps }: { camps: PublicCamp[] }) {
  const [bookings, setBookings] = useState<MyBookings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api('getMyBookings')
      .then((answer) => setBookings(answer.BOOKINGS))
      .catch((e: ApiError) => setError(e.message));
  }, []);
  return (
    <>
      <h1 tabIndex={-1}>Mijn inschrijvingen</h1>
      {error && <Message kind="error">{error}</Message>}
      {bookings === null && !error && <p role="status">De inschrijvingen worden geladen...</p>}
      {bookings?.length === 0 && <p>U heeft nog geen inschrijvingen.</p>}
      <ul className="bookings">
        {bookings?.map((b) => {
          const camp = camps.find((c) => c.CAMP_ID === b.CAMP_ID);
          return (
            <li key={b.SUBSCRIPTION_ID} className="card" data-subscription-id={b.SUBSCRIPTION_ID}>
              <h2>
                {b.SUBSCRIBER_FIRSTNAME}: {b.THEME_NAME} in {b.LOCATION_NAME}
              </h2>
              <p className="hint">
                {b.PERIOD_NAME}: {periodText(b.PERIOD_STARTDATE, b.PERIOD_ENDDATE)}; referentie {b.SUBSCRIPTION_REFERENCE}
              </p>
              {camp?.CAMP_FLEXIBLE_BOOKING_ALLOWED && <p>Dagen: {b.DAYS.map(dayText).join(', ')}</p>}
              <p>
                Prijs {formatEuro(b.SUBSCRIPTION_AMOUNT_TO_PAY)}, betaald {formatEuro(b.SUBSCRIPTION_PAID_AMOUNT)}.
              </p>
              {b.SUBSCRIPTION_CANCELLED ? (
                <p className="state">Geannuleerd.</p>
              ) : (
                <HowToPay booking={b} {...beneficiary(b.EPC_PAYLOAD)} camp={camp} />
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
