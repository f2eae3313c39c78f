import { formatEuro, MAX_STORED_CENTS, type Cents } from '@common/money.js';

/**
 * What a bank statement file says, whatever its format (CODA or CAMT.053): one or more statements of
 * an account, each with its movements. Amounts are integer cents; dates are ISO (YYYY-MM-DD).
 */
export interface BankStatement {
  /** The organiser's account the statement is of (IBAN or the Belgian account number, without spaces). */
  account: string;
  /** The account's ISO 4217 currency; only euro statements are booked. */
  currency: string;
  /** The statement's date: the date of its new balance. */
  date: string;
  /** The statement's number as the bank prints it (CODA: the paper statement number; CAMT: the electronic sequence). */
  sequence: string;
  oldBalanceCents: Cents | null;
  newBalanceCents: Cents | null;
  holderName: string;
  movements: BankMovement[];
  /** Free messages of the bank (CODA record 4). */
  messages: string[];
}

export interface BankMovement {
  /** Line (CODA) or entry number (CAMT) where the movement starts, for messages. */
  line: number;
  /** The bank's own reference of the movement, when it gives one. */
  bankReference: string;
  credit: boolean;
  /** In hundredths of the statement's currency (euro cents for a euro account). */
  amountCents: Cents;
  valueDate: string | null;
  entryDate: string | null;
  /** The 12 digits of a structured communication (CODA type 101/102, CAMT CdtrRefInf/Ref), when there is one. */
  structuredCommunication: string | null;
  /** The free communication, all parts joined. */
  communication: string;
  counterpartyAccount: string | null;
  counterpartyName: string | null;
}

/** A statement file that is refused as a whole; the message is Dutch and says why (and where). */
export class BankFileError extends Error {}

export { bankMessages as bankFileMessages } from '@common/schemas/bank.js';

const decimalsOf = new Map<string, number>();

/** The decimals of an ISO 4217 currency (EUR 2, JPY 0, BHD 3); an unknown code is taken as 2. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsOf.get(currency);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      decimals = 2;
    }
    if (decimalsOf.size < 1000) decimalsOf.set(currency, decimals);
  }
  return decimals;
}

/** Thousandths of a currency unit, as text in the statement's own words: € 1.234,50, € 0,004 or USD 1.234,50. */
export function formatMilli(milli: bigint, currency: string): string {
  const decimals = milli % 10n !== 0n ? 3 : Math.max(2, currencyDecimals(currency || 'EUR'));
  const text = new Intl.NumberFormat('nl-BE', { minimumFractionDigits: decimals, maximumFractionDigits: 3 }).format(Number(milli) / 1000);
  return `${currency === 'EUR' ? '€' : currency} ${text}`.replace(/\u00a0/g, ' ');
}

/**
 * A movement's amount (thousandths of the currency unit) as cents of its statement's currency: refused when it has
 * more decimals than the currency (0.004 EUR is no amount of euro; nothing is rounded) or more cents than a money column
 * holds. A currency of three decimals cannot be held in cents: its movements are never booked, their cents are rounded
 * for the list of what was read.
 */
export function movementCents(milli: bigint, currency: string, where: string): Cents {
  const decimals = currencyDecimals(currency);
  const step = BigInt(10 ** Math.max(0, 3 - decimals));
  if (milli % step !== 0n)
    throw new BankFileError(
      `${where}: het bedrag ${formatMilli(milli, currency)} heeft meer decimalen dan de munt ${currency} (${decimals}).`,
    );
  const cents = Number(milli) / 10;
  if (Math.abs(cents) > MAX_STORED_CENTS)
    throw new BankFileError(
      `${where}: het bedrag ${formatMilli(milli, currency)} is groter dan Kampbeheer kan boeken (${formatEuro(MAX_STORED_CENTS / 100)}).`,
    );
  return decimals >= 3 ? Math.round(cents) : cents;
}

/** Text a database column takes and a person can read: a C0 control character (NUL, …) but tab, LF and CR has no place in a name or message. */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
