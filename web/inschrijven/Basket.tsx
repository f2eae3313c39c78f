import { useEffect, useMemo, useRef, useState } from 'react';
import { PAYMENT_METHOD } from '@common/constants.js';
import { formatEuro } from '@common/money.js';
import {
  birthYearFits,
  birthYearsText,
  daysRuleProblem,
  periodsOverlap,
  registrationPrice,
  selectedDaysRemark,
  SIBLING_DISCOUNT_REMARK,
  siblingDiscountsDue,
} from '@common/registration.js';
import type { PublicCamp, PublicCampsAnswer, PublicFamily } from '@common/schemas/public.js';
import { api, ApiError, newIdempotencyKey } from './api.js';
import { Message, SelectField } from './fields.js';
import { dayText, periodText } from './format.js';
import type { BasketItem, Confirmation, Voucher } from './state.js';

const periodOfCamp = (camp: PublicCamp) => ({ start: camp.PERIOD_STARTDATE, end: camp.PERIOD_ENDDATE });

const dayRules = (camp: PublicCamp) => ({
  activeDays: camp.ACTIVE_DAYS,
  minimumRequiredDays: camp.CAMP_MINIMUM_REQUIRED_CAMP_DAYS,
  maximumAllowedDays: camp.CAMP_MAXIMUM_ALLOWED_CAMP_DAYS,
  minimumContiguousDays: camp.CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS,
});

function rulesText(camp: PublicCamp): string {
  const rules = [
    camp.CAMP_MINIMUM_REQUIRED_CAMP_DAYS > 0 ? `minstens ${camp.CAMP_MINIMUM_REQUIRED_CAMP_DAYS}` : '',
    camp.CAMP_MAXIMUM_ALLOWED_CAMP_DAYS > 0 ? `hoogstens ${camp.CAMP_MAXIMUM_ALLOWED_CAMP_DAYS}` : '',
  ].filter(Boolean);
  const contiguous =
    camp.CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS > 1 ? `, telkens minstens ${camp.CAMP_MINIMUM_CONTIGUOUS_CAMP_DAYS} na elkaar` : '';
  return `Kies ${rules.length > 0 ? `${rules.join(' en ')} dagen` : 'de dagen'}${contiguous}.`;
}

/** A line's price as the booking will make it (common/src/registration.ts): its days, then the sibling discount. */
interface LinePrice {
  base: number;
  daysDiscount: number;
  missingDays: number;
  sibling: number;
}

/**
 * The sibling discount before confirming, by the rule the server applies (`siblingDiscountsDue`): per camp year, the
 * family's live bookings first, then the basket in the order it is written (camp id).
 */
function linePrices(items: BasketItem[], camps: Map<number, PublicCamp>, liveBookingsPerYear: Map<number, number>): Map<string, LinePrice> {
  const prices = new Map<string, LinePrice>();
  const years = new Map<number, { item: BasketItem; camp: PublicCamp; index: number }[]>();
  items.forEach((item, index) => {
    const camp = camps.get(item.CAMP_ID);
    if (!camp) return;
    const full = camp.CAMP_PRICE;
    const base = camp.CAMP_FLEXIBLE_BOOKING_ALLOWED ? registrationPrice(full, true, camp.ACTIVE_DAYS, item.days) : full;
    prices.set(item.key, {
      base: full,
      daysDiscount: Math.round((full - base) * 100) / 100,
      missingDays: camp.CAMP_FLEXIBLE_BOOKING_ALLOWED ? camp.ACTIVE_DAYS.length - item.days.length : 0,
      sibling: 0,
    });
    const year = Number(camp.PERIOD_STARTDATE.slice(0, 4));
    years.set(year, [...(years.get(year) ?? []), { item, camp, index }]);
  });
  for (const [year, lines] of years) {
    const ordered = lines.sort((a, b) => a.camp.CAMP_ID - b.camp.CAMP_ID || a.index - b.index);
    const live = liveBookingsPerYear.get(year) ?? 0;
    const due = siblingDiscountsDue([
      ...Array.from({ length: live }, () => ({ discountAllowed: false, reductionToEarnCents: 0 })),
      ...ordered.map(({ camp }) => ({
        discountAllowed: camp.CAMP_DISCOUNT_ALLOWED,
        reductionToEarnCents: Math.round(camp.CAMP_REDUCTION_TO_EARN * 100),
      })),
    ]).slice(live);
    ordered.forEach(({ item, camp }, i) => {
      if (due[i]) prices.get(item.key)!.sibling = camp.CAMP_REDUCTION_TO_EARN;
    });
  }
  return prices;
}

const toPay = (p: LinePrice) => Math.max(0, Math.round((p.base - p.daysDiscount - p.sibling) * 100) / 100);

/** 'Mijn mand': children and days per camp, the discounts and what to pay before confirming, then 'Boeken' (issue 40). */
export function Basket(props: {
  camps: PublicCamp[];
  lunchPreferences: PublicCampsAnswer['LUNCH_PREFERENCES'];
  family: PublicFamily;
  items: BasketItem[];
  setItems: (items: BasketItem[]) => void;
  voucher: Voucher | null;
  onBooked: (confirmation: Confirmation) => void;
  /** A refusal (a camp full meanwhile): the camps' seats are read again, so the list offers the waiting list. */
  onRefused: () => void;
}) {
  const camps = useMemo(() => new Map(props.camps.map((c) => [c.CAMP_ID, c])), [props.camps]);
  const [live, setLive] = useState(new Map<number, number>());
  const [lunch, setLunch] = useState('');
  const [method, setMethod] = useState<number>(PAYMENT_METHOD.bankTransfer);
  const [error, setError] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);
  // One key per basket as it is sent: a double tap (even within one frame) or a retry after a lost answer books once.
  const key = useRef<{ payload: string; key: string } | null>(null);
  const sending = useRef(false);
  const payload = JSON.stringify([props.items, lunch, method]);

  useEffect(() => {
    api('getMyBookings')
      .then((answer) => {
        const years = new Map<number, number>();
        for (const b of answer.BOOKINGS) {
          if (b.SUBSCRIPTION_CANCELLED) continue;
          const year = Number(b.PERIOD_STARTDATE.slice(0, 4));
          years.set(year, (years.get(year) ?? 0) + 1);
        }
        setLive(years);
      })
      .catch(() => undefined);
  }, []);

  const prices = linePrices(props.items, camps, live);
  const total = Math.round([...prices.values()].reduce((sum, p) => sum + toPay(p) * 100, 0)) / 100;
  const update = (key: string, change: Partial<BasketItem>) =>
    props.setItems(props.items.map((item) => (item.key === key ? { ...item, ...change } : item)));
  const problemOf = (item: BasketItem): string | null => {
    const camp = camps.get(item.CAMP_ID);
    if (!camp) return 'Dit kamp kan niet meer geboekt worden. Verwijder het uit uw mand.';
    if (item.CHILD_ID === null) return 'Kies een kind.';
    const child = props.family.CHILDREN.find((c) => c.CHILD_ID === item.CHILD_ID);
    if (child && !birthYearFits(camp, child.SUBSCRIBER_BIRTHDATE))
      return `${child.SUBSCRIBER_FIRSTNAME} past niet in de ${birthYearsText(camp)} van dit kamp.`;
    // The lines above this one for the same child: the same camp again, or another camp of the same days.
    const earlier = props.items.slice(0, props.items.indexOf(item)).filter((other) => other.CHILD_ID === item.CHILD_ID);
    if (earlier.some((other) => other.CAMP_ID === item.CAMP_ID)) return 'Dit kind staat al voor dit kamp in uw mand.';
    const sameWeek = earlier
      .map((other) => camps.get(other.CAMP_ID))
      .find((other) => other && periodsOverlap(periodOfCamp(other), periodOfCamp(camp)));
    if (sameWeek)
      return `Dit kind staat al in uw mand voor een kamp in dezelfde periode: ${sameWeek.THEME_NAME} in ${sameWeek.LOCATION_NAME}.`;
    if (camp.CAMP_FLEXIBLE_BOOKING_ALLOWED) return daysRuleProblem(dayRules(camp), item.days);
    return null;
  };
  const problems = props.items.map(problemOf);
  const lunchNeeded = props.lunchPreferences.length > 0;

  async function book() {
    setShowProblems(true);
    setError(null);
    if (problems.some(Boolean) || (lunchNeeded && lunch === '')) {
      setError('Niet alles in uw mand is in orde: bekijk de meldingen hieronder.');
      return;
    }
    if (sending.current) return;
    if (key.current?.payload !== payload) key.current = { payload, key: newIdempotencyKey() };
    const idempotencyKey = key.current.key;
    sending.current = true;
    setBusy(true);
    const voucher = props.voucher && props.items.some((i) => i.CAMP_ID === props.voucher!.campId) ? props.voucher.token : undefined;
    try {
      const answer = await api(
        'book',
        {
          items: props.items.map((item) => ({
            CHILD_ID: item.CHILD_ID!,
            CAMP_ID: item.CAMP_ID,
            ...(camps.get(item.CAMP_ID)!.CAMP_FLEXIBLE_BOOKING_ALLOWED ? { days: item.days } : {}),
          })),
          PAYMENTMETHOD_ID: method,
          ...(lunch ? { LUNCHPREFERENCE_ID: Number(lunch) } : {}),
          ...(voucher ? { voucher } : {}),
        },
        idempotencyKey,
      );
      props.onBooked({
        answer,
        lines: props.items.map((item) => ({
          camp: camps.get(item.CAMP_ID)!,
          childName: props.family.CHILDREN.find((c) => c.CHILD_ID === item.CHILD_ID)?.SUBSCRIBER_FIRSTNAME ?? '',
        })),
      });
    } catch (e) {
      const failure = e as ApiError;
      // A refusal of the rules changes nothing: a new attempt after a change is a new booking. A lost answer keeps its key.
      if (failure.status !== 0 && failure.status < 500) key.current = null;
      if (failure.status === 409) props.onRefused();
      setError(failure.message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  if (props.items.length === 0)
    return (
      <>
        <h1 tabIndex={-1}>Mijn mand</h1>
        <p>Uw mand is leeg.</p>
        <a className="button primary" href="#/">
          Kies een kamp
        </a>
      </>
    );

  return (
    <>
      <h1 tabIndex={-1}>Mijn mand</h1>
      {props.family.CHILDREN.length === 0 && (
        <Message kind="notice">
          Voeg eerst uw kinderen toe op <a href="#/gezin">Mijn gezin</a>.
        </Message>
      )}
      {error && <Message kind="error">{error}</Message>}
      <ul className="basket">
        {props.items.map((item, index) => {
          const camp = camps.get(item.CAMP_ID);
          const price = prices.get(item.key);
          const problem = showProblems || item.CHILD_ID !== null ? problems[index] : null;
          return (
            <li key={item.key} className="card" data-basket-camp={item.CAMP_ID}>
              <h2>{camp ? `${camp.THEME_NAME} in ${camp.LOCATION_NAME}` : 'Kamp niet meer beschikbaar'}</h2>
              {camp && (
                <p className="hint">
                  {camp.PERIOD_NAME}: {periodText(camp.PERIOD_STARTDATE, camp.PERIOD_ENDDATE)}; {birthYearsText(camp)}
                  {props.voucher?.campId === camp.CAMP_ID ? '; met voucher' : ''}
                </p>
              )}
              {camp && (
                <SelectField
                  name={`child-${item.key}`}
                  label="Kind"
                  value={item.CHILD_ID === null ? '' : String(item.CHILD_ID)}
                  onChange={(v) => update(item.key, { CHILD_ID: v === '' ? null : Number(v) })}
                >
                  <option value="">Kies een kind...</option>
                  {props.family.CHILDREN.map((c) => (
                    <option key={c.CHILD_ID} value={c.CHILD_ID} disabled={!birthYearFits(camp, c.SUBSCRIBER_BIRTHDATE)}>
                      {c.SUBSCRIBER_FIRSTNAME} ({c.SUBSCRIBER_BIRTHDATE.slice(0, 4)})
                      {birthYearFits(camp, c.SUBSCRIBER_BIRTHDATE) ? '' : ': past niet'}
                    </option>
                  ))}
                </SelectField>
              )}
              {camp?.CAMP_FLEXIBLE_BOOKING_ALLOWED && (
                <fieldset className="days">
                  <legend>Dagen</legend>
                  <p className="hint">{rulesText(camp)}</p>
                  {camp.ACTIVE_DAYS.map((day) => (
                    <label key={day} className="check">
                      <input
                        type="checkbox"
                        checked={item.days.includes(day)}
                        onChange={(event) =>
                          update(item.key, {
                            days: (event.target as HTMLInputElement).checked
                              ? [...item.days, day].sort()
                              : item.days.filter((d) => d !== day),
                          })
                        }
                      />
                      {dayText(day)}
                    </label>
                  ))}
                </fieldset>
              )}
              {problem && <p className="field-error">{problem}</p>}
              {price && (
                <dl className="price">
                  <dt>Prijs</dt>
                  <dd>{formatEuro(price.base)}</dd>
                  {price.daysDiscount > 0 && (
                    <>
                      <dt>Korting: {selectedDaysRemark(price.missingDays)}</dt>
                      <dd>− {formatEuro(price.daysDiscount)}</dd>
                    </>
                  )}
                  {price.sibling > 0 && (
                    <>
                      <dt>{SIBLING_DISCOUNT_REMARK}</dt>
                      <dd>− {formatEuro(price.sibling)}</dd>
                    </>
                  )}
                  <dt>Te betalen</dt>
                  <dd className="amount">{formatEuro(toPay(price))}</dd>
                </dl>
              )}
              <div className="actions">
                {camp && (
                  <button
                    type="button"
                    onClick={() =>
                      props.setItems([...props.items, { key: newIdempotencyKey(), CAMP_ID: item.CAMP_ID, CHILD_ID: null, days: [] }])
                    }
                  >
                    Nog een kind voor dit kamp
                  </button>
                )}
                <button type="button" className="link" onClick={() => props.setItems(props.items.filter((i) => i.key !== item.key))}>
                  Verwijderen<span className="visually-hidden"> uit de mand</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <a href="#/">Nog een kamp kiezen</a>
      <section className="card" aria-labelledby="pay-title">
        <h2 id="pay-title">Lunch en betalen</h2>
        {lunchNeeded && (
          <SelectField
            name="LUNCHPREFERENCE_ID"
            label="Lunchvoorkeur"
            value={lunch}
            onChange={setLunch}
            errors={showProblems && lunch === '' ? { LUNCHPREFERENCE_ID: 'Kies een lunchvoorkeur.' } : {}}
          >
            <option value="">Kies...</option>
            {props.lunchPreferences.map((l) => (
              <option key={l.LUNCHPREFERENCE_ID} value={l.LUNCHPREFERENCE_ID}>
                {l.LUNCHPREFERENCE_DESCRIPTION}
              </option>
            ))}
          </SelectField>
        )}
        <fieldset>
          <legend>Betaalwijze</legend>
          <label className="check">
            <input
              type="radio"
              name="method"
              checked={method === PAYMENT_METHOD.bankTransfer}
              onChange={() => setMethod(PAYMENT_METHOD.bankTransfer)}
            />
            Overschrijving (met QR-code voor uw bankapp)
          </label>
          <label className="check">
            <input type="radio" name="method" checked={method === PAYMENT_METHOD.cash} onChange={() => setMethod(PAYMENT_METHOD.cash)} />
            Contant, bij de start van het kamp
          </label>
        </fieldset>
        <p className="total">
          Totaal te betalen: <strong>{formatEuro(total)}</strong>
        </p>
        <button type="button" className="primary" disabled={busy} aria-disabled={busy} onClick={() => void book()}>
          {busy ? 'Bezig met boeken...' : 'Boeken'}
        </button>
      </section>
    </>
  );
}
