import { useEffect, useState } from 'react';
import { formatMoment } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import { birthYearFits } from '@common/registration.js';
import type { Contract, DataOf } from '@common/contract/index.js';
import type { PublicCamp, PublicFamily } from '@common/schemas/public.js';
import { api, type ApiError } from './api.js';
import { Message } from './fields.js';
import { periodText } from './format.js';
import type { Confirmation } from './state.js';

/** 'Lotte', 'Lotte en Noor', 'Lotte, Noor en Mats'. */
export const namesText = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} en ${names.at(-1)}` : (names[0] ?? ''));

/**
 * 'Op de wachtlijst' on a full camp (issue 34): the family's children born in the camp's years, chosen together
 * (siblings wait together, for one offer for all of them), and the place in line once they are on it.
 */
export function JoinWaitingList({ camp, family, signedIn }: { camp: PublicCamp; family: PublicFamily | null; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const campWords = `${camp.THEME_NAME} in ${camp.LOCATION_NAME}`;
  if (done) return <Message kind="notice">{done}</Message>;
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Op de wachtlijst<span className="visually-hidden">: {campWords}</span>
      </button>
    );
  if (!signedIn)
    return (
      <p className="state">
        <a href="#/aanmelden">Meld u aan</a> of <a href="#/account-maken">maak een account</a> om uw kinderen op de wachtlijst te zetten.
      </p>
    );
  if (!family) return <p role="status">Uw gegevens worden geladen...</p>;
  const fitting = family.CHILDREN.filter((c) => birthYearFits(camp, c.SUBSCRIBER_BIRTHDATE));
  if (fitting.length === 0)
    return (
      <p className="state">
        Geen van uw kinderen is geboren in de geboortejaren van dit kamp. <a href="#/gezin">Een kind toevoegen</a>
      </p>
    );
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await api('joinWaitingList', { CHILD_IDS: chosen, CAMP_ID: camp.CAMP_ID });
      const names = namesText(fitting.filter((c) => chosen.includes(c.CHILD_ID)).map((c) => c.SUBSCRIBER_FIRSTNAME));
      setDone(
        `${names} ${chosen.length > 1 ? 'staan samen' : 'staat'} op de wachtlijst van ${campWords}, plaats ${answer.PLACE}. ` +
          'Komt er een plaats vrij, dan krijgt u een mail met een link om ze aan te nemen. Uw plaats ziet u op Mijn inschrijvingen.',
      );
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="waiting"
      onSubmit={(event) => {
        event.preventDefault();
        void join();
      }}
    >
      <fieldset>
        <legend>Wie zet u op de wachtlijst?</legend>
        {fitting.map((child) => (
          <label key={child.CHILD_ID} className="check">
            <input
              type="checkbox"
              name="CHILD_IDS"
              checked={chosen.includes(child.CHILD_ID)}
              onChange={(event) =>
                setChosen(
                  (event.target as HTMLInputElement).checked ? [...chosen, child.CHILD_ID] : chosen.filter((id) => id !== child.CHILD_ID),
                )
              }
            />
            {child.SUBSCRIBER_FIRSTNAME}
          </label>
        ))}
        {fitting.length > 1 && (
          <p className="hint">Kiest u meer kinderen, dan wachten ze samen: één aanbod als er plaats is voor allemaal.</p>
        )}
      </fieldset>
      {error && <Message kind="error">{error}</Message>}
      <p className="actions">
        <button type="submit" className="primary" disabled={busy || chosen.length === 0}>
          Op de wachtlijst zetten
        </button>
      </p>
    </form>
  );
}

type Offer = DataOf<Contract['getOffer']>;

/**
 * 'Plaats aannemen' and 'Plaats weigeren' (asked first) of one offer: on the offer page of the mail's link and on
 * 'Mijn inschrijvingen'. `forWhom` names the children in the buttons for a screen reader where several offers show.
 */
export function OfferButtons(props: { names: string; busy: boolean; forWhom?: boolean; onAccept: () => void; onDecline: () => void }) {
  const [asking, setAsking] = useState(false);
  const forWhom = props.forWhom ? <span className="visually-hidden"> voor {props.names}</span> : null;
  return asking ? (
    <div className="confirm" role="group" aria-label="Plaats weigeren?">
      <p>Weigert u de plaats, dan gaat ze meteen naar de volgende op de wachtlijst en staat {props.names} niet meer op de wachtlijst.</p>
      <p className="actions">
        <button type="button" className="danger" disabled={props.busy} onClick={props.onDecline}>
          Ja, plaats weigeren
        </button>
        <button type="button" className="link" onClick={() => setAsking(false)}>
          Terug
        </button>
      </p>
    </div>
  ) : (
    <p className="actions">
      <button type="button" className="primary" disabled={props.busy} onClick={props.onAccept}>
        Plaats aannemen{forWhom}
      </button>
      <button type="button" disabled={props.busy} onClick={() => setAsking(true)}>
        Plaats weigeren{forWhom}
      </button>
    </p>
  );
}

/** What the page says of an offer that can no longer be taken. */
function closedText(offer: Offer): string {
  if (offer.STATE === 'accepted') return 'Dit aanbod werd al aangenomen: de inschrijving staat op Mijn inschrijvingen.';
  if (offer.STATE === 'declined') return 'Dit aanbod werd geweigerd: de plaats ging naar de volgende op de wachtlijst.';
  if (offer.STATE === 'lapsed')
    return `De termijn van dit aanbod liep af op ${formatMoment(offer.OFFER_EXPIRES_AT)}: de plaats ging naar de volgende op de wachtlijst.`;
  return 'Dit aanbod geldt niet meer: het kind staat niet meer op de wachtlijst.';
}

/**
 * The offer mail's link (`#aanbod=<token>`, issue 34): the camp, the children, the price and the deadline, with
 * 'Plaats aannemen' (signed in: it books them) and 'Plaats weigeren' (no sign-in needed); a used or lapsed offer says so.
 */
export function OfferPage(props: {
  token: string | null;
  signedIn: boolean;
  camps: PublicCamp[];
  onSignInFirst: () => void;
  onAccepted: (confirmation: Confirmation | null) => void;
}) {
  const [offer, setOffer] = useState<Offer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = () => {
    if (!props.token) return;
    api('getOffer', { offerToken: props.token })
      .then(setOffer)
      .catch((e: ApiError) => setError(e.message));
  };
  useEffect(load, [props.token]);

  if (!props.token || (error && !offer))
    return (
      <>
        <h1 tabIndex={-1}>Aanbod van de wachtlijst</h1>
        <Message kind="error">{error ?? 'Open de link uit de mail opnieuw: deze pagina kent geen aanbod.'}</Message>
        <p>
          <a href="#/">Naar de kampen</a>
        </p>
      </>
    );
  if (!offer) return <p role="status">Het aanbod wordt geladen...</p>;
  const token = props.token;
  const names = namesText(offer.CHILDREN);
  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as ApiError).message);
      // Taken, declined or lapsed meanwhile: the page shows it as it is now.
      if ((e as ApiError).code === 'OFFER_CLOSED') load();
    } finally {
      setBusy(false);
    }
  };
  const accept = () =>
    act(async () => {
      const answer = await api('acceptOffer', { offerToken: token });
      const camp = props.camps.find((c) => c.CAMP_ID === offer.CAMP_ID);
      props.onAccepted(camp ? { answer, lines: answer.bookings.map((_, i) => ({ camp, childName: offer.CHILDREN[i] ?? '' })) } : null);
    });
  const decline = () =>
    act(async () => {
      await api('declineOffer', { offerToken: token });
      setDeclined(true);
    });
  return (
    <>
      <h1 tabIndex={-1}>{offer.STATE === 'open' && !declined ? 'Er is een plaats vrij' : 'Aanbod van de wachtlijst'}</h1>
      <dl className="offer">
        <dt>Kamp</dt>
        <dd>
          {offer.THEME_NAME} in {offer.LOCATION_NAME}
        </dd>
        <dt>Periode</dt>
        <dd>
          {offer.PERIOD_NAME}: {periodText(offer.PERIOD_STARTDATE, offer.PERIOD_ENDDATE)}
        </dd>
        <dt>{offer.CHILDREN.length > 1 ? 'Voor de kinderen' : 'Voor'}</dt>
        <dd>{names}</dd>
        <dt>Prijs</dt>
        <dd>
          {formatEuro(offer.CAMP_PRICE)}
          {offer.CHILDREN.length > 1 ? ' per kind' : ''}; een korting voor een volgend kind van uw gezin wordt bij het aannemen verrekend.
        </dd>
      </dl>
      {error && <Message kind="error">{error}</Message>}
      {declined ? (
        <Message kind="notice">
          U heeft de plaats geweigerd. {names} staat niet meer op de wachtlijst; de plaats gaat naar de volgende.
        </Message>
      ) : offer.STATE !== 'open' ? (
        <Message kind="notice">{closedText(offer)}</Message>
      ) : (
        <>
          <p className="deadline">
            We houden de plaats voor u vast tot <strong>{formatMoment(offer.OFFER_EXPIRES_AT)}</strong>. Neemt u ze aan, dan is {names}{' '}
            ingeschreven en betaalt u met een overschrijving.
          </p>
          <OfferButtons
            names={names}
            busy={busy}
            onAccept={() => (props.signedIn ? void accept() : props.onSignInFirst())}
            onDecline={() => void decline()}
          />
          {!props.signedIn && <p className="hint">Om de plaats aan te nemen, meldt u zich eerst aan; weigeren kan zonder aanmelden.</p>}
        </>
      )}
      <p>
        <a href="#/">Naar de kampen</a>
      </p>
    </>
  );
}
