/**
 * Writes CODA files (Febelfin version 2) from a plain description, for the tests and the benchmark.
 * Positions follow the standard (1-based); every record is exactly 128 characters. The trailer's count
 * and totals are computed unless a test overrides them to make a wrong one.
 */

export interface CodaMovementSpec {
  /** Cents; positive is a credit, negative a debit. */
  amountCents: number;
  /** 12 digits (an OGM without its punctuation): written as structured communication type 101. */
  ogm?: string;
  /** Free communication (written across 2.1, 2.2 and 2.3 as it needs). */
  communication?: string;
  counterpartyAccount?: string;
  counterpartyName?: string;
  /** DDMMYY */
  valueDate?: string;
  /** Free-text information records (3.1 with 3.2 and 3.3) after the movement. */
  information?: string;
  /** Globalised: these amounts are written as detail records 0001… under one global movement. */
  details?: CodaMovementSpec[];
}

export interface CodaStatementSpec {
  /** DDMMYY of creation, old and new balance. */
  date?: string;
  /** Belgian IBAN without spaces. */
  account?: string;
  paperSequence?: number;
  oldBalanceCents?: number;
  holderName?: string;
  movements: CodaMovementSpec[];
  freeMessage?: string;
  trailer?: { records?: number; debitCents?: number; creditCents?: number };
  /** Override the new balance (to write an inconsistent one). */
  newBalanceCents?: number;
}

function pad(text: string, length: number): string {
  if (text.length > length) return text.slice(0, length);
  return text + ' '.repeat(length - text.length);
}

function num(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function amount15(cents: number): string {
  return num(Math.abs(cents) * 10, 15);
}

/** Places each [position, text] into a blank 128-character record. */
function record(parts: [number, string][]): string {
  const chars = Array<string>(128).fill(' ');
  for (const [from, text] of parts) for (let i = 0; i < text.length; i++) chars[from - 1 + i] = text[i]!;
  const line = chars.join('');
  if (line.length !== 128) throw new Error('record is not 128 characters');
  return line;
}

export function codaStatementRecords(spec: CodaStatementSpec, last = true): string[] {
  const date = spec.date ?? '150726';
  const account = spec.account ?? 'BE71096123456769';
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
      [128, '2'],
    ]),
  );
  lines.push(
    record([
      [1, '12'],
      [3, paper],
      [6, pad(account, 16)],
      [40, 'EUR'],
      [43, oldBalance < 0 ? '1' : '0'],
      [44, amount15(oldBalance)],
      [59, date],
      [65, pad(spec.holderName ?? 'VZW KAMPEN', 26)],
      [91, pad('Zichtrekening', 35)],
      [126, paper],
    ]),
  );
  counted++;

  let sequence = 0;
  const movementRecords = (m: CodaMovementSpec, seq: number, detail: number, globalisation: string): string[] => {
    const out: string[] = [];
    const free = m.communication ?? '';
    const structured = m.ogm !== undefined;
    const zone21 = structured ? pad(`101${m.ogm}`, 53) : pad(free.slice(0, 53), 53);
    const rest = structured ? '' : free.slice(53);
    const part22 = rest.slice(0, 53);
    const part23 = rest.slice(53, 96);
    const has23 = m.counterpartyAccount !== undefined || m.counterpartyName !== undefined || part23 !== '';
    const has22 = part22 !== '' || has23;
    const hasInfo = m.information !== undefined;
    out.push(
      record([
        [1, '21'],
        [3, num(seq, 4)],
        [7, num(detail, 4)],
        [11, pad(`REF${num(seq, 6)}${num(detail, 4)}`, 21)],
        [32, m.amountCents < 0 ? '1' : '0'],
        [33, amount15(m.amountCents)],
        [48, m.valueDate ?? date],
        [54, '00150000'],
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
          [3, num(seq, 4)],
          [7, num(detail, 4)],
          [11, pad(part22, 53)],
          [99, 'GEBABEBB   '],
          [126, has23 ? '1' : '0'],
          [128, hasInfo ? '1' : '0'],
        ]),
      );
    }
    if (has23) {
      out.push(
        record([
          [1, '23'],
          [3, num(seq, 4)],
          [7, num(detail, 4)],
          [11, pad(m.counterpartyAccount ?? '', 34)],
          [45, 'EUR'],
          [48, pad(m.counterpartyName ?? '', 35)],
          [83, pad(part23, 43)],
          [128, hasInfo ? '1' : '0'],
        ]),
      );
    }
    if (hasInfo) {
      const text = m.information!;
      out.push(
        record([
          [1, '31'],
          [3, num(seq, 4)],
          [7, num(detail, 4)],
          [11, pad(`REF${num(seq, 6)}`, 21)],
          [32, '00150000'],
          [40, '0'],
          [41, pad(text.slice(0, 73), 73)],
          [126, '1'],
          [128, '0'],
        ]),
      );
      out.push(
        record([
          [1, '32'],
          [3, num(seq, 4)],
          [7, num(detail, 4)],
          [11, pad(text.slice(73, 178), 105)],
          [126, '1'],
          [128, '0'],
        ]),
      );
      out.push(
        record([
          [1, '33'],
          [3, num(seq, 4)],
          [7, num(detail, 4)],
          [11, pad(text.slice(178, 268), 90)],
          [126, '0'],
          [128, '0'],
        ]),
      );
    }
    return out;
  };

  for (const m of spec.movements) {
    sequence++;
    if (m.details) {
      const total = m.details.reduce((sum, d) => sum + d.amountCents, 0);
      const global = movementRecords({ amountCents: total, communication: m.communication ?? 'GLOBALISATIE' }, sequence, 0, '1');
      lines.push(...global);
      m.details.forEach((d, i) => lines.push(...movementRecords(d, sequence, i + 1, '0')));
      counted += global.length + m.details.reduce((n, d, i) => n + movementRecords(d, sequence, i + 1, '0').length, 0);
      if (total < 0) debit += -total;
      else credit += total;
    } else {
      const written = movementRecords(m, sequence, 0, '0');
      lines.push(...written);
      counted += written.length;
      if (m.amountCents < 0) debit += -m.amountCents;
      else credit += m.amountCents;
    }
  }
  if (spec.freeMessage !== undefined)
    lines.push(
      record([
        [1, '4'],
        [3, '0001'],
        [7, '0000'],
        [33, pad(spec.freeMessage, 80)],
        [128, '0'],
      ]),
    );

  const newBalance = spec.newBalanceCents ?? oldBalance + credit - debit;
  lines.push(
    record([
      [1, '8'],
      [2, paper],
      [5, pad(account, 16)],
      [39, 'EUR'],
      [42, newBalance < 0 ? '1' : '0'],
      [43, amount15(newBalance)],
      [58, date],
      [128, '0'],
    ]),
  );
  counted++;
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

/** A whole file of one or more statements, encoded as Latin-1 with the given line ends. */
export function codaFile(statements: CodaStatementSpec[], options: { lineEnd?: '\r\n' | '\n'; trailingBlankLine?: boolean } = {}): Buffer {
  const lineEnd = options.lineEnd ?? '\r\n';
  const lines = statements.flatMap((s, i) => codaStatementRecords(s, i === statements.length - 1));
  return Buffer.from(lines.join(lineEnd) + lineEnd + (options.trailingBlankLine ? lineEnd : ''), 'latin1');
}

/** The 12 digits of an OGM as stored ('+++123/4567/89002+++'). */
export function ogmDigits(ogm: string): string {
  return ogm.replace(/\D/g, '');
}
