import {
  BankFileError,
  bankFileMessages,
  CONTROL_CHARACTER,
  formatMilli,
  movementCents,
  type BankMovement,
  type BankStatement,
} from './statement.js';

/**
 * A reader of CODA statement files (Febelfin's standard, version 2.6: tests/unit/coda.test.ts cites it): records of
 * 128 characters, one or more statements (header 0 … trailer 9) after each other in one physical file, CRLF or LF,
 * ISO-8859-1 or UTF-8. Positions below are the standard's, 1-based and inclusive. What the standard says to check is
 * checked, and a file that fails is refused as a whole, naming the line: the trailer's count of records 1, 2.x, 3.x
 * and 8, its debit and credit totals of the movements with detail number 0000, and the new balance against the old
 * one plus the movements.
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

  /** An amount of 12 positions and 3 decimals, in thousandths, signed by the sign position (0 credit, 1 debit). */
  amount(signAt: number, from: number, to: number): bigint {
    const sign = this.field(signAt, signAt);
    if (sign !== '0' && sign !== '1') throw notCoda(this.line, `positie ${signAt} is geen teken (0 of 1)`);
    const milli = BigInt(this.digits(from, to));
    return sign === '1' ? -milli : milli;
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
 * CODA is ISO-8859-1. A file that was saved as UTF-8 (with or without a byte order mark) is read as UTF-8 when only
 * that reading gives records of 128 characters: an 'é' is then two bytes, and Latin-1 would make the line too long.
 * An end-of-file mark (Ctrl-Z) left by old DOS tools is dropped.
 */
// eslint-disable-next-line no-control-regex -- the DOS end-of-file mark (Ctrl-Z) is the character looked for
const DOS_END_OF_FILE = /\x1a+$/;

function decode(input: Uint8Array): string {
  const bom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  const bytes = bom ? input.subarray(3) : input;
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').replace(DOS_END_OF_FILE, '');
  if (!/[\x80-\xff]/.test(latin1)) return latin1;
  try {
    const utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(DOS_END_OF_FILE, '');
    const fits = (text: string) => recordLines(text).every((line) => line.length === RECORD_LENGTH);
    if (bom || (fits(utf8) && !fits(latin1))) return utf8;
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
  return /^(\xef\xbb\xbf)?0{5}\d{6}/.test(head);
}

/** The transaction types (position 54) whose details follow as records 2.1 of the same sequence number: section 3.1. */
const DETAIL_TYPES: Record<string, readonly string[]> = { '1': ['5'], '2': ['6', '7'], '3': ['8'], '7': ['9'] };

interface MovementRecord {
  record: CodaRecord;
  sequenceNumber: string;
  detailNumber: string;
  /** The first digit of the transaction code: 0 simple, 1/2 a global amount, 5/6/7/9 its details, 3 with details 8. */
  type: string;
  milli: bigint;
  /** Counted in the trailer's totals: detail number 0000 and the first of its movement (section 6: a detail number that went round to 0000 is not counted again). */
  counted: boolean;
  movement: BankMovement;
}

export function parseCoda(bytes: Uint8Array): BankStatement[] {
  const lines = recordLines(decode(bytes));
  if (lines.length === 0 || lines[0]![0] !== '0') throw notCoda();
  const records = lines.map((text, index) => {
    const control = CONTROL_CHARACTER.exec(text);
    if (control) throw notCoda(index + 1, `heeft een controleteken op positie ${control.index + 1}`);
    if (text.length !== RECORD_LENGTH) throw notCoda(index + 1, `heeft ${text.length} tekens in plaats van ${RECORD_LENGTH}`);
    return new CodaRecord(text, index + 1);
  });
  const statements: BankStatement[] = [];
  let next = 0;
  while (next < records.length) next = readStatement(records, next, statements);
  return statements;
}

/**
 * The account and its currency in record 1 (positions 6-42) by the account structure of position 2 (section 7.5); a
 * blank currency ('ISO currency code or blank') is a Belgian account's euro.
 */
function accountOf(oldBalance: CodaRecord): { account: string; currency: string } {
  const { account, currency } = accountZone(oldBalance);
  return { account, currency: currency || 'EUR' };
}

function accountZone(oldBalance: CodaRecord): { account: string; currency: string } {
  switch (oldBalance.field(2, 2)) {
    case '0': // Belgian account number: 12 digits, a blank, the currency.
      return { account: oldBalance.field(6, 17).trim(), currency: oldBalance.field(19, 21).trim() };
    case '1': // Foreign account number: 34 characters, the currency.
    case '3': // IBAN of a foreign account: 34 characters, the currency.
      return { account: oldBalance.field(6, 39).trim().replace(/\s/g, ''), currency: oldBalance.field(40, 42).trim() };
    case '2': // IBAN of a Belgian account: 31 characters, an extension zone of 3, the currency.
      return { account: oldBalance.field(6, 36).trim().replace(/\s/g, ''), currency: oldBalance.field(40, 42).trim() };
    default:
      throw notCoda(oldBalance.line, 'heeft een onbekende rekeningstructuur (positie 2)');
  }
}

/** The counterparty's account in record 2.3 (positions 11-47): the number as the initial payment had it, without its currency. */
function counterpartyAccountOf(record: CodaRecord): string | null {
  const zone = record.field(11, 44).trim();
  if (zone === '') return null;
  const belgian = /^(\d{12})\s/.exec(zone);
  return belgian ? belgian[1]! : zone.replace(/\s/g, '');
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
  const createdOn = header.date(6, 11);
  // A separate application (positions 84-88 not 00000) zeroes its balances (section 7.2.1).
  const separateApplication = /^\d{5}$/.test(header.field(84, 88)) && header.field(84, 88) !== '00000';

  const oldBalance = take();
  if (oldBalance.kind !== '1') throw notCoda(oldBalance.line, 'is geen oud saldo (record 1)');
  const { account, currency } = accountOf(oldBalance);
  const oldMilli = oldBalance.amount(43, 44, 58);
  let counted = 1;

  const movements: MovementRecord[] = [];
  const messages: string[] = [];
  /** Whether the information records (3.2, 3.3) now being read carry free text that belongs to the communication. */
  let informationIsFree = false;
  /** The movement record 2.1 that the records 2.2, 2.3 and 3.x now being read continue. */
  const current = (record: CodaRecord): MovementRecord => {
    const sequenceNumber = record.digits(3, 6);
    const latest = movements[movements.length - 1];
    if (!latest || latest.sequenceNumber !== sequenceNumber)
      throw notCoda(record.line, `hoort bij geen beweging (volgnummer ${sequenceNumber})`);
    return latest;
  };

  let record = take();
  while (record.kind === '2' || record.kind === '3' || record.kind === '4') {
    const article = record.field(2, 2);
    if (record.kind === '4') {
      // Free communication: the standard puts it after record 8, but files with it among the movements are read too.
      messages.push(record.field(33, 112).trim());
    } else if (record.kind === '2') {
      counted++;
      if (article === '1') movements.push(movementRecord(record, movements[movements.length - 1], currency));
      else if (article === '2') current(record).movement.communication += record.field(11, 63);
      else if (article === '3') {
        const { movement } = current(record);
        const name = record.field(48, 82).trim();
        movement.counterpartyAccount = counterpartyAccountOf(record);
        movement.counterpartyName = name === '' ? null : name;
        movement.communication += record.field(83, 125);
      } else throw notCoda(record.line, `is een onbekend record 2.${article}`);
    } else {
      counted++;
      if (article === '1') {
        informationIsFree = record.field(40, 40) === '0';
        if (informationIsFree) current(record).movement.communication += ' ' + record.field(41, 113);
        else current(record);
      } else if (article === '2' || article === '3') {
        const text = article === '2' ? record.field(11, 115) : record.field(11, 100);
        const { movement } = current(record);
        if (informationIsFree) movement.communication += text;
      } else throw notCoda(record.line, `is een onbekend record 3.${article}`);
    }
    record = take();
  }

  // Record 8; an empty file without free communication has none: records 0, 1 and 9 (section 2).
  let newBalance: CodaRecord | null = null;
  if (record.kind === '8') {
    newBalance = record;
    counted++;
    record = take();
    // Free communication after the new balance, as the standard places it (record 8 position 128 announces it).
    while (record.kind === '4') {
      messages.push(record.field(33, 112).trim());
      record = take();
    }
  } else if (record.kind !== '9' || movements.length > 0) {
    throw notCoda(record.line, 'is geen nieuw saldo (record 8)');
  }
  const trailer = record;
  if (trailer.kind !== '9') throw notCoda(trailer.line, 'is geen trailer (record 9)');

  const main = movements.filter((m) => m.counted);
  const debitMilli = main.filter((m) => m.milli < 0n).reduce((sum, m) => sum - m.milli, 0n);
  const creditMilli = main.filter((m) => m.milli >= 0n).reduce((sum, m) => sum + m.milli, 0n);
  const trailerCount = Number(trailer.digits(17, 22));
  if (trailerCount !== counted) {
    throw new BankFileError(`Regel ${trailer.line}: de trailer telt ${trailerCount} records, het rekeninguittreksel heeft er ${counted}.`);
  }
  const trailerDebit = BigInt(trailer.digits(23, 37));
  if (trailerDebit !== debitMilli) {
    throw new BankFileError(
      `Regel ${trailer.line}: het debettotaal van de trailer (${formatMilli(trailerDebit, currency)}) verschilt van de som van de debetbewegingen (${formatMilli(debitMilli, currency)}).`,
    );
  }
  const trailerCredit = BigInt(trailer.digits(38, 52));
  if (trailerCredit !== creditMilli) {
    throw new BankFileError(
      `Regel ${trailer.line}: het credittotaal van de trailer (${formatMilli(trailerCredit, currency)}) verschilt van de som van de creditbewegingen (${formatMilli(creditMilli, currency)}).`,
    );
  }
  const newMilli = newBalance ? newBalance.amount(42, 43, 57) : oldMilli;
  const zeroed = separateApplication && oldMilli === 0n && newMilli === 0n;
  if (!zeroed && oldMilli + creditMilli - debitMilli !== newMilli) {
    throw new BankFileError(
      `Regel ${newBalance!.line}: het nieuwe saldo (${formatMilli(newMilli, currency)}) is niet het oude saldo plus de bewegingen (${formatMilli(oldMilli + creditMilli - debitMilli, currency)}).`,
    );
  }

  // The date of the new balance; an empty file has none, its date is the file's creation date.
  const statementDate = (newBalance ? newBalance.date(58, 63) : createdOn) ?? createdOn ?? oldBalance.date(59, 64);
  if (!statementDate) throw notCoda(header.line, 'heeft geen aanmaakdatum (positie 6-11)');
  statements.push({
    account,
    currency,
    date: statementDate,
    sequence: String(Number(oldBalance.digits(3, 5))),
    oldBalanceCents: Math.round(Number(oldMilli) / 10),
    newBalanceCents: Math.round(Number(newMilli) / 10),
    holderName: oldBalance.field(65, 90).trim(),
    messages,
    movements: bookedMovements(movements).map((m) => ({
      ...m.movement,
      communication: m.movement.communication.replace(/\s+/g, ' ').trim(),
    })),
  });
  return index;
}

/** A record 2.1: a movement, or a global amount or a detail of one (same sequence number, detail number up by one). */
function movementRecord(record: CodaRecord, previous: MovementRecord | undefined, currency: string): MovementRecord {
  const sequenceNumber = record.digits(3, 6);
  const detailNumber = record.digits(7, 10);
  const milli = record.amount(32, 33, 47);
  const communicationType = record.field(62, 62);
  const zone = record.field(63, 115);
  const structured = communicationType === '1' && /^10[12]\d{12}/.test(zone) ? zone.slice(3, 15) : null;
  const sameMovement = previous?.sequenceNumber === sequenceNumber;
  return {
    record,
    sequenceNumber,
    detailNumber,
    type: record.digits(54, 61)[0]!,
    milli,
    counted: detailNumber === '0000' && !sameMovement,
    movement: {
      line: record.line,
      bankReference: record.field(11, 31).trim(),
      credit: milli >= 0n,
      amountCents: movementCents(milli < 0n ? -milli : milli, currency, `Regel ${record.line}`),
      valueDate: record.date(48, 53),
      entryDate: record.date(116, 121),
      structuredCommunication: structured,
      communication: structured ? '' : communicationType === '1' ? zone.slice(3) : zone,
      counterpartyAccount: null,
      counterpartyName: null,
    },
  };
}

/**
 * What is booked of a movement and its details (section 3.1): a simple movement itself; a global amount (type 1 or 2)
 * through its details, each once with its own communication, a detail that has details of its own (type 7 with
 * type 9) through those; an amount of type 3 itself, since its details (type 8) only explain it (the transfer and
 * its costs). A movement whose details carry other types is booked through its details, as before.
 */
function bookedMovements(records: MovementRecord[]): MovementRecord[] {
  const booked: MovementRecord[] = [];
  let group: MovementRecord[] = [];
  const flush = () => {
    if (group.length === 1 || group[0]?.type === '3') booked.push(group[0]!);
    else
      group.forEach((m, i) => {
        if (i === 0) return;
        const next = group[i + 1];
        if (!next || !(DETAIL_TYPES[m.type] ?? []).includes(next.type)) booked.push(m);
      });
    group = [];
  };
  for (const m of records) {
    if (group.length > 0 && group[0]!.sequenceNumber !== m.sequenceNumber) flush();
    group.push(m);
  }
  if (group.length > 0) flush();
  return booked;
}
