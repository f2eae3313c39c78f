import { useEffect, useMemo, useState } from 'react';
import { formatEuro } from '@common/money.js';
import { birthYearsText } from '@common/registration.js';
import type { PublicCamp, PublicFamily } from '@common/schemas/public.js';
import { SelectField } from './fields.js';
import { formatMoment } from '@common/format.js';
import { countdownText, periodText, seatsText } from './format.js';
import { bookable, type Voucher } from './state.js';
import { JoinWaitingList } from './Waiting.js';

/** The time, renewed every second while a camp of the list still counts down to its opening. */
function useNow(counting: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);
  return now;
}

const unique = <T,>(values: T[]) => [...new Set(values)];

/** The camps without signing in (issue 40): filters on the child's birth year, location, period and theme. */
/** The id of the data block in which the server puts the answer it drew the camp list from (server/src/features/public/page.tsx). */
export const CAMPS_ANSWER_ID = 'camps-answer';

export function CampList(props: {
  camps: PublicCamp[];
  voucher: Voucher | null;
  /** The signed-in family, for 'Op de wachtlijst' on a full camp (issue 34); none on the page the server draws. */
  family?: PublicFamily | null;
  signedIn?: boolean;
  inBasket: (campId: number) => number;
  onAdd: (camp: PublicCamp) => void;
}) {
  const [birthYear, setBirthYear] = useState('');
  const [location, setLocation] = useState('');
  const [period, setPeriod] = useState('');
  const [theme, setTheme] = useState('');
  const now = useNow(props.camps.some((c) => c.BOOKING_OPENS_AT !== null && Date.parse(c.BOOKING_OPENS_AT) > Date.now()));
  const years = useMemo(() => {
    if (props.camps.length === 0) return [];
    const low = Math.min(...props.camps.map((c) => c.MIN_BIRTHYEAR));
    const high = Math.max(...props.camps.map((c) => c.MAX_BIRTHYEAR));
    return Array.from({ length: high - low + 1 }, (_, i) => high - i);
  }, [props.camps]);
  const locations = unique(props.camps.map((c) => c.LOCATION_NAME)).sort();
  const periods = unique(props.camps.map((c) => `${c.PERIOD_STARTDATE}|${c.PERIOD_NAME}`)).sort();
  const themes = unique(props.camps.map((c) => c.THEME_NAME)).sort();
  const shown = props.camps.filter(
    (c) =>
      (birthYear === '' || (Number(birthYear) >= c.MIN_BIRTHYEAR && Number(birthYear) <= c.MAX_BIRTHYEAR)) &&
      (location === '' || c.LOCATION_NAME === location) &&
      (period === '' || `${c.PERIOD_STARTDATE}|${c.PERIOD_NAME}` === period) &&
      (theme === '' || c.THEME_NAME === theme),
  );
  // A voucher's camp comes first, whatever the filters.
  const voucherCamp = props.voucher ? props.camps.find((c) => c.CAMP_ID === props.voucher!.campId) : undefined;
  const list = voucherCamp ? [voucherCamp, ...shown.filter((c) => c !== voucherCamp)] : shown;
  return (
    <>
      <h1 tabIndex={-1}>Kampen</h1>
      {props.voucher && !voucherCamp && (
        <div className="message error" role="alert">
          Het kamp van deze voucher staat niet (meer) in de lijst: het is voorbij of bestaat niet.
        </div>
      )}
      {voucherCamp && (
        <div className="message notice" role="status">
          Met uw voucher kunt u één kind inschrijven voor {voucherCamp.THEME_NAME} in {voucherCamp.LOCATION_NAME}, ook als het kamp volzet
          is of de inschrijvingen nog niet open zijn.
        </div>
      )}
      <form className="filters" aria-label="Kampen filteren" onSubmit={(event) => event.preventDefault()}>
        <SelectField name="birthYear" label="Geboortejaar van uw kind" value={birthYear} onChange={setBirthYear}>
          <option value="">Alle geboortejaren</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </SelectField>
        <SelectField name="location" label="Locatie" value={location} onChange={setLocation}>
          <option value="">Alle locaties</option>
          {locations.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
        <SelectField name="period" label="Periode" value={period} onChange={setPeriod}>
          <option value="">Alle periodes</option>
          {periods.map((key) => (
            <option key={key} value={key}>
              {key.split('|')[1]}
            </option>
          ))}
        </SelectField>
        <SelectField name="theme" label="Thema" value={theme} onChange={setTheme}>
          <option value="">Alle thema's</option>
          {themes.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </SelectField>
      </form>
      <p role="status" className="count">
        {list.length === 1 ? '1 kamp' : `${list.length} kampen`}
      </p>
      <ul className="camps">
        {list.map((camp) => (
          <CampCard
            key={camp.CAMP_ID}
            camp={camp}
            now={now}
            voucher={props.voucher?.campId === camp.CAMP_ID ? props.voucher : null}
            inBasket={props.inBasket(camp.CAMP_ID)}
            onAdd={() => props.onAdd(camp)}
            family={props.family ?? null}
            signedIn={props.signedIn ?? false}
          />
        ))}
      </ul>
    </>
  );
}

function CampCard(props: {
  camp: PublicCamp;
  now: number;
  voucher: Voucher | null;
  inBasket: number;
  onAdd: () => void;
  family: PublicFamily | null;
  signedIn: boolean;
}) {
  const { camp, now } = props;
  const notOpen = camp.BOOKING_OPENS_AT !== null && Date.parse(camp.BOOKING_OPENS_AT) > now;
  const canBook = bookable(camp, now, props.voucher);
  const days = camp.ACTIVE_DAYS.length;
  return (
    <li className={`camp${props.voucher ? ' voucher' : ''}`} data-camp-id={camp.CAMP_ID}>
      <h2>
        {camp.THEME_NAME} <span className="sub">in {camp.LOCATION_NAME}</span>
      </h2>
      <dl>
        <dt>Periode</dt>
        <dd>
          {camp.PERIOD_NAME}: {periodText(camp.PERIOD_STARTDATE, camp.PERIOD_ENDDATE)}
        </dd>
        <dt>Leeftijd</dt>
        <dd>
          {camp.AGEGROUP_NAME}, {birthYearsText(camp)}
        </dd>
        <dt>Prijs</dt>
        <dd>
          {formatEuro(camp.CAMP_PRICE)}
          {camp.CAMP_FLEXIBLE_BOOKING_ALLOWED && days > 0
            ? ` voor ${days} dagen; u kiest zelf de dagen en betaalt per dag (${formatEuro(Math.round((camp.CAMP_PRICE * 100) / days) / 100)})`
            : ''}
        </dd>
        {camp.LOCATION_ADDRESS && (
          <>
            <dt>Adres</dt>
            <dd>{camp.LOCATION_ADDRESS}</dd>
          </>
        )}
        {camp.CAMP_DISCOUNT_ALLOWED && camp.CAMP_REDUCTION_TO_EARN > 0 && (
          <>
            <dt>Korting</dt>
            <dd>{formatEuro(camp.CAMP_REDUCTION_TO_EARN)} korting voor een volgend kind van het gezin dit kampjaar</dd>
          </>
        )}
      </dl>
      {!camp.CAMP_CLOSED && <p className={`seats${camp.SEATS_OPEN <= 0 ? ' full' : ''}`}>{seatsText(camp.SEATS_OPEN)}</p>}
      {camp.CAMP_CLOSED ? (
        <p className="state">De inschrijvingen voor dit kamp zijn gesloten.</p>
      ) : notOpen ? (
        <div className="state">
          {camp.BOOKING_INFO && <p>{camp.BOOKING_INFO}</p>}
          <p>
            De inschrijvingen openen op {formatMoment(camp.BOOKING_OPENS_AT!)} (
            <span className="countdown">{countdownText(Date.parse(camp.BOOKING_OPENS_AT!) - now)}</span>).
          </p>
        </div>
      ) : null}
      {canBook && (
        <button type="button" className="primary" onClick={props.onAdd}>
          {props.voucher ? 'Inschrijven met voucher' : 'In mijn mand'}
          <span className="visually-hidden">
            : {camp.THEME_NAME} in {camp.LOCATION_NAME}, {camp.PERIOD_NAME}
          </span>
        </button>
      )}
      {!canBook && !notOpen && !camp.CAMP_CLOSED && camp.SEATS_OPEN <= 0 && (
        <JoinWaitingList camp={camp} family={props.family} signedIn={props.signedIn} />
      )}
      {props.inBasket > 0 && <p className="in-basket">In uw mand{props.inBasket > 1 ? ` (${props.inBasket} keer)` : ''}.</p>}
    </li>
  );
}
