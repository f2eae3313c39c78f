import { formatEuro } from '@common/money.js';
import { BankFileError, bankFileMessages, type BankMovement, type BankStatement } from './statement.js';

/**
 * A reader of CODA statement files (Febelfin, version 2): 128-character records, Latin-1, one or more
 * statements (header 0 … trailer 9) after each other. Positions below are the standard's, 1-based and
 * inclusive. A file whose trailer disagrees with its movements is refused as a whole, naming the line.
 */

const RECORD_LENGTH = 128;

/** A record cut to its fields, with the line it came from. */
class CodaRecord {
  constructor(
    readonly text: string,
    readonly line: number,
  ) {}

  get kind(): string {
    return this.text[0]!;
  }

  /** The characters at positions from … to. */
  field(from: number, to: number): string {
    return this.text.slice(from - 1, to);
  }

  /** A number field (digits only). */
  digits(from: number, to: number): string {
    const value = this.field(from, to);
    if (!/^\d+$/.test(value)) throw notCoda(this.line, `positie ${from}-${to} is geen getal`);
    return value;
  }

  /** An amount of 12 positions and 3 decimals, in cents, signed by the sign position (0 credit, 1 debit). */
  amount(signAt: number, from: number, to: number): number {
    const sign = this.field(signAt, signAt);
    if (sign !== '0' && sign !== '1') throw notCoda(this.line, `positie ${signAt} is geen teken (0 of 1)`);
    const cents = Math.round(Number(this.digits(from, to)) / 10);
    return sign === '1' ? -cents : cents;
  }

  /** A DDMMYY date as ISO; null for 000000 (no date). */
  date(from: number, to: number): string | null {
    const value = this.digits(from, to);
    if (value === '000000') return null;
    const day = Number(value.slice(0, 2));
    const month = Number(value.slice(2, 4));
    const year = 2000 + Number(value.slice(4, 6));
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) throw notCoda(this.line, `${value} is geen datum`);
    return `${year}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
  }
}

function notCoda(line?: number, why?: string): BankFileError {
  return new BankFileError(line === undefined ? bankFileMessages.notCoda : `${bankFileMessages.notCoda}: regel ${line} ${why}`);
}

/**
 * CODA is Latin-1. A file that was re-saved as UTF-8 is read as UTF-8 when only that reading gives
 * records of 128 characters (an 'é' is then two bytes, and Latin-1 would make the line too long).
 */
function decode(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  try {
    const utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const fits = (text: string) => recordLines(text).every((line) => line.length === RECORD_LENGTH);
    if (fits(utf8) && !fits(latin1)) return utf8;
  } catch {
    // Not UTF-8: Latin-1 it is.
  }
  return latin1;
}

/** The lines of the file, CRLF or LF, without the blank lines some banks leave at the end. */
function recordLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines;
}

/** A quick look whether bytes are meant as CODA: the first record is a header of 128 characters. */
export function looksLikeCoda(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 140)).toString('latin1');
  return /^0{5}\d{6}/.test(head);
}

interface RawMovement extends BankMovement {
  sequenceNumber: string;
  detailNumber: string;
}

export function parseCoda(bytes: Uint8Array): BankStatement[] {
  const lines = recordLines(decode(bytes));
  if (lines.length === 0 || lines[0]![0] !== '0') throw notCoda();
  const records = lines.map((text, index) => {
    if (text.length !== RECORD_LENGTH) throw notCoda(index + 1, `heeft ${text.length} tekens in plaats van ${RECORD_LENGTH}`);
    return new CodaRecord(text, index + 1);
  });
  const statements: BankStatement[] = [];
  let next = 0;
  while (next < records.length) next = readStatement(records, next, statements);
  return statements;
}

/** Reads one statement (header to trailer) from records[start]; answers the index after its trailer. */
function readStatement(records: CodaRecord[], start: number, statements: BankStatement[]): number {
  let index = start;
  const take = (): CodaRecord => {
    const record = records[index++];
    if (!record) throw notCoda(records.length, 'is de laatste: het bestand houdt op voor de trailer (record 9)');
    return record;
  };

  const header = take();
  if (header.kind !== '0') throw notCoda(header.line, 'is geen header (record 0)');
  if (header.field(128, 128) !== '2') throw notCoda(header.line, 'is geen CODA versie 2 (positie 128)');
  header.date(6, 11);

  const oldBalance = take();
  if (oldBalance.kind !== '1') throw notCoda(oldBalance.line, 'is geen oud saldo (record 1)');
  const structure = oldBalance.field(2, 2);
  const accountField = {
    '0': [6, 17, 19, 21],
    '1': [6, 39, 40, 42],
    '2': [6, 21, 40, 42],
    '3': [6, 39, 40, 42],
  }[structure];
  if (!accountField) throw notCoda(oldBalance.line, 'heeft een onbekende rekeningstructuur (positie 2)');
  const [accountFrom, accountTo, currencyFrom, currencyTo] = accountField as [number, number, number, number];
  let counted = 1;

  const raw: RawMovement[] = [];
  const messages: string[] = [];
  /** Whether the information records (3.x) now being read carry free text that belongs to the communication. */
  let informationIsFree = false;
  /** The latest movement of each sequence number: the one its 2.2, 2.3 and 3.x records continue. */
  const latestOfSequence = new Map<string, RawMovement>();
  const movementOf = (record: CodaRecord): RawMovement => {
    const sequenceNumber = record.digits(3, 6);
    const movement = latestOfSequence.get(sequenceNumber);
    if (!movement) throw notCoda(record.line, `hoort bij geen beweging (volgnummer ${sequenceNumber})`);
    return movement;
  };

  let record = take();
  while (record.kind === '2' || record.kind === '3' || record.kind === '4') {
    const article = record.field(2, 2);
    if (record.kind === '4') {
      messages.push(record.field(33, 112).trim());
    } else if (record.kind === '2') {
      counted++;
      if (article === '1') {
        const signed = record.amount(32, 33, 47);
        const communicationType = record.field(62, 62);
        const zone = record.field(63, 115);
        const structured = communicationType === '1' && /^10[12]\d{12}/.test(zone) ? zone.slice(3, 15) : null;
        const movement: RawMovement = {
          line: record.line,
          sequenceNumber: record.digits(3, 6),
          detailNumber: record.digits(7, 10),
          bankReference: record.field(11, 31).trim(),
          credit: signed >= 0,
          amountCents: Math.abs(signed),
          valueDate: record.date(48, 53),
          entryDate: record.date(116, 121),
          structuredCommunication: structured,
          communication: structured ? '' : communicationType === '1' ? zone.slice(3) : zone,
          counterpartyAccount: null,
          counterpartyName: null,
        };
        raw.push(movement);
        latestOfSequence.set(movement.sequenceNumber, movement);
      } else if (article === '2') {
        const movement = movementOf(record);
        movement.communication += record.field(11, 63);
      } else if (article === '3') {
        const movement = movementOf(record);
        const account = record.field(11, 44).trim();
        const name = record.field(48, 82).trim();
        movement.counterpartyAccount = account === '' ? null : account.replace(/\s/g, '');
        movement.counterpartyName = name === '' ? null : name;
        movement.communication += record.field(83, 125);
      } else {
        throw notCoda(record.line, `is een onbekend record 2.${article}`);
      }
    } else if (record.kind === '3') {
      counted++;
      if (article === '1') {
        informationIsFree = record.field(40, 40) === '0';
        if (informationIsFree) movementOf(record).communication += ' ' + record.field(41, 113);
      } else if (article === '2' || article === '3') {
        const text = article === '2' ? record.field(11, 115) : record.field(11, 100);
        if (informationIsFree) movementOf(record).communication += text;
      } else {
        throw notCoda(record.line, `is een onbekend record 3.${article}`);
      }
    }
    record = take();
  }

  if (record.kind !== '8') throw notCoda(record.line, 'is geen nieuw saldo (record 8)');
  const newBalance = record;
  counted++;

  const trailer = take();
  if (trailer.kind !== '9') throw notCoda(trailer.line, 'is geen trailer (record 9)');

  // The totals count the movements with detail number 0000; globalised details (0001…) repeat their amounts.
  const main = raw.filter((m) => m.detailNumber === '0000');
  const debitTotal = main.filter((m) => !m.credit).reduce((sum, m) => sum + m.amountCents, 0);
  const creditTotal = main.filter((m) => m.credit).reduce((sum, m) => sum + m.amountCents, 0);
  const trailerCount = Number(trailer.digits(17, 22));
  if (trailerCount !== counted) {
    throw new BankFileError(`Regel ${trailer.line}: de trailer telt ${trailerCount} records, het afschrift heeft er ${counted}.`);
  }
  const trailerDebit = Math.round(Number(trailer.digits(23, 37)) / 10);
  if (trailerDebit !== debitTotal) {
    throw new BankFileError(
      `Regel ${trailer.line}: het debettotaal van de trailer (${formatEuro(trailerDebit / 100)}) verschilt van de som van de debetbewegingen (${formatEuro(debitTotal / 100)}).`,
    );
  }
  const trailerCredit = Math.round(Number(trailer.digits(38, 52)) / 10);
  if (trailerCredit !== creditTotal) {
    throw new BankFileError(
      `Regel ${trailer.line}: het credittotaal van de trailer (${formatEuro(trailerCredit / 100)}) verschilt van de som van de creditbewegingen (${formatEuro(creditTotal / 100)}).`,
    );
  }
  const oldBalanceCents = oldBalance.amount(43, 44, 58);
  const newBalanceCents = newBalance.amount(42, 43, 57);
  if (oldBalanceCents + creditTotal - debitTotal !== newBalanceCents) {
    throw new BankFileError(
      `Regel ${newBalance.line}: het nieuwe saldo (${formatEuro(newBalanceCents / 100)}) is niet het oude saldo plus de bewegingen (${formatEuro((oldBalanceCents + creditTotal - debitTotal) / 100)}).`,
    );
  }

  // A globalised movement is booked through its details; a movement without details is booked itself.
  const detailed = new Set(raw.filter((m) => m.detailNumber !== '0000').map((m) => m.sequenceNumber));
  const booked = raw.filter((m) => m.detailNumber !== '0000' || !detailed.has(m.sequenceNumber));

  statements.push({
    account: oldBalance.field(accountFrom, accountTo).trim(),
    currency: oldBalance.field(currencyFrom, currencyTo).trim(),
    date: newBalance.date(58, 63) ?? oldBalance.date(59, 64) ?? header.date(6, 11)!,
    sequence: String(Number(oldBalance.digits(3, 5))),
    oldBalanceCents,
    newBalanceCents,
    holderName: oldBalance.field(65, 90).trim(),
    messages,
    movements: booked.map(({ sequenceNumber: _s, detailNumber: _d, ...movement }) => ({
      ...movement,
      communication: movement.communication.replace(/\s+/g, ' ').trim(),
    })),
  });
  return index;
}
