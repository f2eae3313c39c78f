/**
 * Writes CODA files from a plain description, for the tests and the benchmark, by Febelfin's standard version 2.6
 * (../shared/standards/coda/, Annex I: the lay-out; positions 1-based and inclusive; every record exactly 128
 * characters). What the standard leaves to the bank is written as Belgian banks do; the trailer's count and totals
 * are computed unless a test overrides them to make a wrong one.
 */

export interface CodaMovementSpec {
  /** Cents; positive is a credit, negative a debit. A fraction of a cent writes the third decimal (0.4 → 0,004). */
  amountCents: number;
  /** 12 digits (an OGM without its punctuation): written as structured communication type 101. */
  ogm?: string;
  /** Free communication (written across 2.1, 2.2 and 2.3 as it needs). */
  communication?: string;
  counterpartyAccount?: string;
  /** The counterparty's account as a Belgian account number of 12 digits (BBAN), followed by its currency. */
  counterpartyBban?: string;
  counterpartyName?: string;
  /** DDMMYY */
  valueDate?: string;
  /** Free-text information records (3.1 with 3.2 and 3.3) after the movement. */
  information?: string;
  /** The 8 digits of the transaction code (position 54); its first digit is the type (section 3.1). Default 00150000. */
  transactionCode?: string;
  /**
   * Globalised (section 7.2.2): a global amount (type 1 by the customer or 2 by the bank, the transaction code of
   * this movement with that type) followed by these details with detail numbers 0001…, of type 5 under 1 and 6 under 2
   * unless they name their own transaction code; the globalisation code 1 marks the first and the last record.
   */
  details?: CodaMovementSpec[];
}

export interface CodaStatementSpec {
  /** DDMMYY of creation, old and new balance. */
  date?: string;
  /** Without spaces: a Belgian IBAN, or per `accountStructure` a Belgian number of 12 digits, a foreign number or IBAN. */
  account?: string;
  /** Record 1 position 2 (section 7.5): 0 Belgian number, 1 foreign number, 2 Belgian IBAN (default), 3 foreign IBAN. */
  accountStructure?: '0' | '1' | '2' | '3';
  currency?: string;
  paperSequence?: number;
  oldBalanceCents?: number;
  holderName?: string;
  movements: CodaMovementSpec[];
  /** Free communication (record 4, one per 80 characters): after record 8 as the standard has it, or among the movements. */
  freeMessage?: string;
  freeMessagePlacement?: 'after-new-balance' | 'among-movements';
  /** Header positions 84-88: 00000 a file with all the customer's movements, else a separate application (balances zeroed). */
  separateApplication?: string;
  /** An empty file written as records 0, 1 and 9 only (section 2). */
  withoutNewBalance?: boolean;
  trailer?: { records?: number; debitCents?: number; creditCents?: number };
  /** Override the new balance (to write an inconsistent one). */
  newBalanceCents?: number;
  /** The first sequence number (to write more than 9,999 movements, which go round to 0000). */
  firstSequence?: number;
}

function pad(text: string, length: number): string {
  if (text.length > length) return text.slice(0, length);
  return text + ' '.repeat(length - text.length);
}

function num(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

/** 12 positions and 3 decimals. */
function amount15(cents: number): string {
  return num(Math.round(Math.abs(cents) * 10), 15);
}

/** Places each [position, text] into a blank 128-character record. */
function record(parts: [number, string][]): string {
  const chars = Array<string>(128).fill(' ');
  for (const [from, text] of parts) for (let i = 0; i < text.length; i++) chars[from - 1 + i] = text[i]!;
  const line = chars.join('');
  if (line.length !== 128) throw new Error('record is not 128 characters');
  return line;
}

/** The account and currency zone of records 1 (positions 6-42) and 8 (5-41), by account structure (section 7.5). */
function accountZone(structure: string, account: string, currency: string): string {
  switch (structure) {
    case '0':
      return `${pad(account, 12)} ${currency}${' '.repeat(21)}`;
    case '2':
      return `${pad(account, 31)}   ${currency}`;
    default:
      return `${pad(account, 34)}${currency}`;
  }
}

export function codaStatementRecords(spec: CodaStatementSpec, last = true): string[] {
  const date = spec.date ?? '150726';
  const structure = spec.accountStructure ?? '2';
  const currency = spec.currency ?? 'EUR';
  const account = accountZone(structure, spec.account ?? 'BE71096123456769', currency);
  const paper = num(spec.paperSequence ?? 1, 3);
  const oldBalance = spec.oldBalanceCents ?? 100000;
  const lines: string[] = [];
  let counted = 0;
  let debit = 0;
  let credit = 0;

  lines.push(
    record([
      [1, '00000'],
      [6, date],
      [12, '725'],
      [15, '05'],
      [25, 'KAMP      '],
      [35, pad('VZW KAMPEN', 26)],
      [61, 'KREDBEBB   '],
      [72, '00412345678'],
      [84, spec.separateApplication ?? '00000'],
      [128, '2'],
    ]),
  );
  lines.push(
    record([
      [1, `1${structure}`],
      [3, paper],
      [6, account],
      [43, oldBalance < 0 ? '1' : '0'],
      [44, amount15(oldBalance)],
      [59, date],
      [65, pad(spec.holderName ?? 'VZW KAMPEN', 26)],
      [91, pad('Zichtrekening', 35)],
      [126, paper],
    ]),
  );
  counted++;

  const freeMessageRecords = (): string[] => {
    const text = spec.freeMessage ?? '';
    const parts = text.match(/.{1,80}/gs) ?? [''];
    return parts.map((part, i) =>
      record([
        [1, '4'],
        [3, '0001'],
        [7, num(i, 4)],
        [33, pad(part, 80)],
        [128, i < parts.length - 1 ? '1' : '0'],
      ]),
    );
  };

  let sequence = (spec.firstSequence ?? 1) - 1;
  const movementRecords = (m: CodaMovementSpec, seq: number, detail: number, globalisation: string, code: string): string[] => {
    const out: string[] = [];
    const free = m.communication ?? '';
    const structured = m.ogm !== undefined;
    const zone21 = structured ? pad(`101${m.ogm}`, 53) : pad(free.slice(0, 53), 53);
    const rest = structured ? '' : free.slice(53);
    const part22 = rest.slice(0, 53);
    const part23 = rest.slice(53, 96);
    const has23 =
      m.counterpartyAccount !== undefined || m.counterpartyBban !== undefined || m.counterpartyName !== undefined || part23 !== '';
    const has22 = part22 !== '' || has23;
    const hasInfo = m.information !== undefined;
    const sequenceNumber = num(seq % 10000, 4);
    const detailNumber = num(detail % 10000, 4);
    out.push(
      record([
        [1, '21'],
        [3, sequenceNumber],
        [7, detailNumber],
        [11, pad(`REF${num(seq, 6)}${num(detail, 4)}`, 21)],
        [32, m.amountCents < 0 ? '1' : '0'],
        [33, amount15(m.amountCents)],
        [48, m.valueDate ?? date],
        [54, code],
        [62, structured ? '1' : '0'],
        [63, zone21],
        [116, date],
        [122, paper],
        [125, globalisation],
        [126, has22 ? '1' : '0'],
        [128, hasInfo ? '1' : '0'],
      ]),
    );
    if (has22) {
      out.push(
        record([
          [1, '22'],
          [3, sequenceNumber],
          [7, detailNumber],
          [11, pad(part22, 53)],
          [99, 'GEBABEBB   '],
          [126, has23 ? '1' : '0'],
          [128, hasInfo ? '1' : '0'],
        ]),
      );
    }
    if (has23) {
      const counterparty =
        m.counterpartyBban !== undefined ? `${pad(m.counterpartyBban, 12)} EUR` : `${pad(m.counterpartyAccount ?? '', 34)}EUR`;
      out.push(
        record([
          [1, '23'],
          [3, sequenceNumber],
          [7, detailNumber],
          [11, pad(counterparty, 37)],
          [48, pad(m.counterpartyName ?? '', 35)],
          [83, pad(part23, 43)],
          [128, hasInfo ? '1' : '0'],
        ]),
      );
    }
    if (hasInfo) {
      // Information records: 3.1 and its parts 3.2 and 3.3 (next code 1 when a part follows, section 5.5).
      const text = m.information!;
      out.push(
        record([
          [1, '31'],
          [3, sequenceNumber],
          [7, detailNumber],
          [11, pad(`REF${num(seq, 6)}`, 21)],
          [32, code],
          [40, '0'],
          [41, pad(text.slice(0, 73), 73)],
          [126, '1'],
          [128, '0'],
        ]),
      );
      out.push(
        record([
          [1, '32'],
          [3, sequenceNumber],
          [7, detailNumber],
          [11, pad(text.slice(73, 178), 105)],
          [126, '1'],
          [128, '0'],
        ]),
      );
      out.push(
        record([
          [1, '33'],
          [3, sequenceNumber],
          [7, detailNumber],
          [11, pad(text.slice(178, 268), 90)],
          [126, '0'],
          [128, '0'],
        ]),
      );
    }
    return out;
  };

  const withType = (code: string, type: string) => `${type}${code.slice(1)}`;
  for (const m of spec.movements) {
    sequence++;
    const code = m.transactionCode ?? '00150000';
    if (m.details) {
      const total = m.details.reduce((sum, d) => sum + d.amountCents, 0);
      const globalType = code[0] === '0' ? '2' : code[0]!;
      const detailType = globalType === '1' ? '5' : '6';
      const global = movementRecords(
        { amountCents: total, communication: m.communication ?? 'GLOBALISATIE' },
        sequence,
        0,
        '1',
        withType(code, globalType),
      );
      const details = m.details.map((d, i) =>
        movementRecords(d, sequence, i + 1, i === m.details!.length - 1 ? '1' : '0', d.transactionCode ?? withType(code, detailType)),
      );
      lines.push(...global, ...details.flat());
      counted += global.length + details.flat().length;
      if (total < 0) debit += -total;
      else credit += total;
    } else {
      const written = movementRecords(m, sequence, 0, '0', code);
      lines.push(...written);
      counted += written.length;
      if (m.amountCents < 0) debit += -m.amountCents;
      else credit += m.amountCents;
    }
  }
  const messageAmongMovements = spec.freeMessage !== undefined && spec.freeMessagePlacement === 'among-movements';
  if (messageAmongMovements) lines.push(...freeMessageRecords());

  const messageAfter = spec.freeMessage !== undefined && !messageAmongMovements;
  if (!spec.withoutNewBalance) {
    const newBalance = spec.newBalanceCents ?? oldBalance + credit - debit;
    lines.push(
      record([
        [1, '8'],
        [2, paper],
        [5, account],
        [42, newBalance < 0 ? '1' : '0'],
        [43, amount15(newBalance)],
        [58, date],
        [128, messageAfter ? '1' : '0'],
      ]),
    );
    counted++;
  }
  if (messageAfter) lines.push(...freeMessageRecords());
  lines.push(
    record([
      [1, '9'],
      [17, num(spec.trailer?.records ?? counted, 6)],
      [23, amount15(spec.trailer?.debitCents ?? debit)],
      [38, amount15(spec.trailer?.creditCents ?? credit)],
      [128, last ? '2' : '1'],
    ]),
  );
  return lines;
}

/** A whole file of one or more statements, ISO-8859-1 (or UTF-8) with the given line ends. */
export function codaFile(
  statements: CodaStatementSpec[],
  options: { lineEnd?: '\r\n' | '\n'; trailingBlankLine?: boolean; encoding?: 'latin1' | 'utf8' } = {},
): Buffer {
  const lineEnd = options.lineEnd ?? '\r\n';
  const lines = statements.flatMap((s, i) => codaStatementRecords(s, i === statements.length - 1));
  return Buffer.from(lines.join(lineEnd) + lineEnd + (options.trailingBlankLine ? lineEnd : ''), options.encoding ?? 'latin1');
}

/** The 12 digits of an OGM as stored ('+++123/4567/89002+++'). */
export function ogmDigits(ogm: string): string {
  return ogm.replace(/\D/g, '');
}
