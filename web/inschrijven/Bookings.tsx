import { useEffect, useState } from 'react';
import { todayInBelgium } from '@common/calendar.js';
import { PAYMENT_METHOD } from '@common/constants.js';
import { formatAccountNumber, formatMoment } from '@common/format.js';
import { centsToEuro, euroToCents, formatEuro } from '@common/money.js';
import { refundDueCents } from '@common/refunds.js';
import type { Contract, DataOf } from '@common/contract/index.js';
import { sheetStatus, type SheetStatus } from '@common/safety-sheet.js';
import type { PublicCamp, PublicChild } from '@common/schemas/public.js';
import { api, download, type ApiError } from './api.js';
import { DownloadButton, Field, Message, type FieldErrors } from './fields.js';
import { dayText, longDayText, periodText } from './format.js';
import type { Confirmation as ConfirmationData } from './state.js';
import { namesText, OfferButtons } from './Waiting.js';

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
type MyFiscalAttests = DataOf<Contract['getMyBookings']>['FISCAL_ATTESTS'];
type MyWaiting = DataOf<Contract['getMyWaitingList']>['WAITING'];

/**
 * 'Annuleren' of one booking (issue 34): until its last cancel day, the camp's fee and what comes back shown before
 * confirming, the IBAN asked when money goes back; after that day, whom to contact.
 */
function Cancel({ booking, organiser, onCancelled }: { booking: MyBookings[number]; organiser: string; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const [iban, setIban] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (todayInBelgium() > booking.CANCEL_UNTIL)
    return (
      <p className="hint">
        Annuleren via de website kon tot {longDayText(booking.CANCEL_UNTIL)}. Neem contact op met {organiser} om deze inschrijving te
        annuleren.
      </p>
    );
  if (!open)
    return (
      <p className="actions">
        <button type="button" onClick={() => setOpen(true)}>
          Annuleren
        </button>
        <span className="hint">Kan tot {longDayText(booking.CANCEL_UNTIL)}.</span>
      </p>
    );
  // A cancelled booking's amount to pay is the camp's fee, at most what it cost; the rest of what was paid goes back.
  const fee = Math.min(booking.CAMP_CANCELLATION_FEE, booking.SUBSCRIPTION_AMOUNT_TO_PAY);
  const back = centsToEuro(
    refundDueCents({ amountToPayCents: euroToCents(fee), paidAmountCents: euroToCents(booking.SUBSCRIPTION_PAID_AMOUNT) }),
  );
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api('cancelBooking', { SUBSCRIPTION_ID: booking.SUBSCRIPTION_ID, ...(iban.trim() ? { IBAN: iban } : {}) });
      onCancelled();
    } catch (e) {
      const failure = e as ApiError;
      setErrors(failure.fields ?? {});
      if (!failure.fields) setError(failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="cancel"
      aria-label={`${booking.SUBSCRIBER_FIRSTNAME} annuleren`}
      onSubmit={(event) => {
        event.preventDefault();
        void confirm();
      }}
    >
      <p>
        De annuleringskost is {formatEuro(fee)}. {back > 0 ? `U krijgt ${formatEuro(back)} terug.` : 'U krijgt niets terug.'}
      </p>
      {(back > 0 || errors.IBAN) && (
        <Field
          name="IBAN"
          label="Rekeningnummer (IBAN) voor de terugbetaling"
          value={iban}
          onChange={setIban}
          errors={errors}
          required={Boolean(errors.IBAN)}
          autoComplete="off"
          hint="Leeg laten als we terugstorten naar de rekening waarvan u betaalde."
        />
      )}
      {error && <Message kind="error">{error}</Message>}
      <p className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Annulering bevestigen
        </button>
        <button type="button" className="link" onClick={() => setOpen(false)}>
          Niet annuleren
        </button>
      </p>
    </form>
  );
}

/** A child on a waiting list: its place, never as booked, and 'Van de wachtlijst halen'. */
function Waiting({ entry, onLeft }: { entry: MyWaiting[number]; onLeft: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const leave = () =>
    api('leaveWaitingList', { WAITING_ID: entry.WAITING_ID })
      .then(onLeft)
      .catch((e: ApiError) => setError(e.message));
  return (
    <li className="card" data-waiting-id={entry.WAITING_ID}>
      <h2>
        {entry.SUBSCRIBER_FIRSTNAME}: {entry.THEME_NAME} in {entry.LOCATION_NAME}
      </h2>
      <p className="hint">
        {entry.PERIOD_NAME}, vanaf {longDayText(entry.PERIOD_STARTDATE)}
      </p>
      <p className="state">Nog niet ingeschreven: wachtlijst, plaats {entry.PLACE ?? ''}.</p>
      {error && <Message kind="error">{error}</Message>}
      <p className="actions">
        <button type="button" onClick={() => void leave()}>
          Van de wachtlijst halen
        </button>
      </p>
    </li>
  );
}

/**
 * The children of one offer (siblings waiting together get one): the deadline, and 'Plaats aannemen' and 'Plaats
 * weigeren' right here, through the same service as the mail's link (acceptMyOffer, declineMyOffer; issue 34).
 */
function Offered({ entries, onDone }: { entries: MyWaiting; onDone: (notice: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = entries[0]!;
  const names = namesText(entries.map((e) => e.SUBSCRIBER_FIRSTNAME));
  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await work());
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  const accept = () =>
    act(async () => {
      await api('acceptMyOffer', { WAITING_ID: first.WAITING_ID });
      return `U heeft de plaats aangenomen: ${names} ${entries.length > 1 ? 'zijn' : 'is'} ingeschreven. Hieronder ziet u hoe u betaalt.`;
    });
  const decline = () =>
    act(async () => {
      await api('declineMyOffer', { WAITING_ID: first.WAITING_ID });
      return `U heeft de plaats geweigerd. ${names} ${entries.length > 1 ? 'staan' : 'staat'} niet meer op de wachtlijst; de plaats gaat naar de volgende.`;
    });
  return (
    <li className="card" data-waiting-id={first.WAITING_ID}>
      <h2>
        {names}: {first.THEME_NAME} in {first.LOCATION_NAME}
      </h2>
      <p className="hint">
        {first.PERIOD_NAME}, vanaf {longDayText(first.PERIOD_STARTDATE)}
      </p>
      <p className="state deadline">
        Er is een plaats vrij voor {names}. We houden ze voor u vast tot <strong>{formatMoment(first.OFFER_EXPIRES_AT ?? '')}</strong>.
        Neemt u ze aan, dan {entries.length > 1 ? 'zijn' : 'is'} {names} ingeschreven en betaalt u met een overschrijving.
      </p>
      {error && <Message kind="error">{error}</Message>}
      <OfferButtons names={names} busy={busy} forWhom onAccept={() => void accept()} onDecline={() => void decline()} />
    </li>
  );
}

/** The waiting children as the page lists them: each offer once with its children (siblings share one), the others each. */
function waitingCards(waiting: MyWaiting): { key: number; entries: MyWaiting }[] {
  const cards: { key: number; entries: MyWaiting }[] = [];
  const offers = new Map<string, MyWaiting>();
  for (const entry of waiting) {
    if (entry.STATE !== 'offered') {
      cards.push({ key: entry.WAITING_ID, entries: [entry] });
      continue;
    }
    const key = `${entry.CAMP_ID}:${entry.GROUP_ID}`;
    const offer = offers.get(key);
    if (offer) offer.push(entry);
    else {
      const entries = [entry];
      offers.set(key, entries);
      cards.push({ key: entry.WAITING_ID, entries });
    }
  }
  return cards;
}

/** Whether a child's safety sheet is filled in, in words: the family's side of the staff's 'Fiche ontbreekt'. */
function sheetText(name: string, status: SheetStatus, updatedAt: string | null): string {
  if (status === 'missing') return `De veiligheidsfiche van ${name} is nog niet ingevuld.`;
  if (status === 'outdated') return `De veiligheidsfiche van ${name} is van een vorig seizoen. Kijk ze na en bewaar ze opnieuw.`;
  return `De veiligheidsfiche van ${name} is ingevuld, het laatst op ${longDayText(todayInBelgium(new Date(updatedAt!)))}.`;
}

/**
 * Per child booked on a camp (not cancelled), whether its safety sheet (issue 35) is filled in for this season, with
 * a link that opens it on 'Mijn gezin' (the monitors read it on camp: allergies, medication, who may collect the child).
 */
function SafetySheets({ kids, bookings }: { kids: PublicChild[]; bookings: MyBookings }) {
  const year = Number(todayInBelgium().slice(0, 4));
  const booked = kids.filter((c) => bookings.some((b) => b.CHILD_ID === c.CHILD_ID && !b.SUBSCRIPTION_CANCELLED));
  if (booked.length === 0) return null;
  return (
    <section className="card" aria-labelledby="sheets-title">
      <h2 id="sheets-title">Veiligheidsfiches</h2>
      <ul className="sheets">
        {booked.map((c) => {
          const status = sheetStatus(c.SAFETY_SHEET_UPDATED_AT, year);
          return (
            <li key={c.CHILD_ID} data-sheet-status={status}>
              {sheetText(c.SUBSCRIBER_FIRSTNAME, status, c.SAFETY_SHEET_UPDATED_AT)}{' '}
              <a href={`#/gezin/fiche/${c.CHILD_ID}`}>
                {status === 'missing' ? 'Veiligheidsfiche invullen' : 'Veiligheidsfiche nakijken'}
                <span className="visually-hidden"> ({c.SUBSCRIBER_FIRSTNAME})</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** 'Mijn inschrijvingen': the family's bookings with what is still open and how to pay it, and its waiting children. */
export function MyBookings({ camps, organiser, kids }: { camps: PublicCamp[]; organiser: string; kids: PublicChild[] }) {
  const [bookings, setBookings] = useState<MyBookings | null>(null);
  const [fiscal, setFiscal] = useState<MyFiscalAttests>([]);
  const [waiting, setWaiting] = useState<MyWaiting>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const reload = () => setLoads((n) => n + 1);
  useEffect(() => {
    api('getMyBookings')
      .then((answer) => {
        setBookings(answer.BOOKINGS);
        setFiscal(answer.FISCAL_ATTESTS);
      })
      .catch((e: ApiError) => setError(e.message));
    api('getMyWaitingList')
      .then((answer) => setWaiting(answer.WAITING))
      .catch((e: ApiError) => setError(e.message));
  }, [loads]);
  return (
    <>
      <h1 tabIndex={-1}>Mijn inschrijvingen</h1>
      {error && <Message kind="error">{error}</Message>}
      {notice && <Message kind="notice">{notice}</Message>}
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
              {b.PARTICIPATION_ATTEST && (
                <p className="actions">
                  <DownloadButton
                    label={
                      <>
                        Deelname-attest downloaden
                        <span className="visually-hidden">
                          {' '}
                          ({b.SUBSCRIBER_FIRSTNAME}, {b.THEME_NAME})
                        </span>
                      </>
                    }
                    load={() => download('getAttestPdf', { kind: 'participation', subscriptionId: b.SUBSCRIPTION_ID })}
                  />
                  <span className="hint">Voor de terugbetaling door uw ziekenfonds.</span>
                </p>
              )}
              {b.SUBSCRIPTION_CANCELLED ? (
                <p className="state">Geannuleerd.</p>
              ) : (
                <>
                  <HowToPay booking={b} {...beneficiary(b.EPC_PAYLOAD)} camp={camp} />
                  <Cancel booking={b} organiser={organiser} onCancelled={reload} />
                </>
              )}
            </li>
          );
        })}
      </ul>
      {bookings && <SafetySheets kids={kids} bookings={bookings} />}
      {fiscal.length > 0 && (
        <section className="card" aria-labelledby="fiscal-title">
          <h2 id="fiscal-title">Fiscale attesten</h2>
          <p>Met het fiscaal attest 281.86 trekt u de kosten van de kampen af in uw belastingaangifte.</p>
          <ul className="attests">
            {fiscal.map((a) => (
              <li key={`${a.YEAR}-${a.CHILD_ID}`}>
                <DownloadButton
                  label={`Fiscaal attest ${a.YEAR} van ${a.SUBSCRIBER_FIRSTNAME} downloaden`}
                  load={() => download('getAttestPdf', { kind: 'fiscal', childId: a.CHILD_ID, year: a.YEAR })}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      {waiting.length > 0 && (
        <>
          <h2>Op de wachtlijst</h2>
          <ul className="bookings">
            {waitingCards(waiting).map(({ key, entries }) =>
              entries[0]!.STATE === 'offered' ? (
                <Offered
                  key={key}
                  entries={entries}
                  onDone={(text) => {
                    setNotice(text);
                    reload();
                  }}
                />
              ) : (
                <Waiting key={key} entry={entries[0]!} onLeft={reload} />
              ),
            )}
          </ul>
        </>
      )}
    </>
  );
}
