import { describe, expect, it } from 'vitest';
import { parseCoda } from '../../server/src/features/bank/coda.js';
import { BankFileError } from '../../server/src/features/bank/statement.js';
import { codaFile, codaStatementRecords, type CodaMovementSpec, type CodaStatementSpec } from '../helpers/coda-writer.js';

/**
 * The CODA reader against Febelfin's standard, version 2.6 (../shared/standards/coda/, read with `pdftotext -layout`),
 * record by record: each test names the section or record of the standard it holds the reader to. The files are
 * written by tests/helpers/coda-writer.ts, whose positions follow the standard's Annex I.
 */

const NOT_CODA = 'Dit is geen geldig CODA-bestand';

/** One statement that uses every record type: 0, 1, 2.1, 2.2, 2.3, 3.1, 3.2, 3.3, 8, 4 and 9. */
const everyRecord: CodaStatementSpec = {
  date: '150726',
  account: 'BE71096123456769',
  paperSequence: 42,
  oldBalanceCents: 250000,
  holderName: 'VZW ZOMERKAMPEN',
  freeMessage: 'Uw rekeninguittreksel van juli',
  movements: [
    {
      amountCents: 13000,
      ogm: '200000012192',
      counterpartyAccount: 'BE68539007547034',
      counterpartyName: 'Jan Peeters',
      valueDate: '140726',
    },
    {
      amountCents: 6550,
      communication: 'Kamp zwemmen Lotte en Emma Peeters week 2 inschrijving KB2026-000123 betaald door oma, met dank aan iedereen',
      counterpartyAccount: 'BE43068999999501',
      counterpartyName: 'Maria Janssens',
      information: 'Extra informatie van de bank over deze betaling',
    },
    { amountCents: -4599, communication: 'Huur sporthal', counterpartyAccount: 'BE62510007547061', counterpartyName: 'Gemeente Gent' },
  ],
};

function refusal(bytes: Buffer): string {
  try {
    parseCoda(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(BankFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

const lines = (spec: CodaStatementSpec) => codaStatementRecords(spec);
const fileOf = (records: string[], lineEnd = '\r\n') => Buffer.from(records.join(lineEnd) + lineEnd, 'latin1');
/** Replaces positions from… of a record with text. */
const put = (record: string, from: number, text: string) => record.slice(0, from - 1) + text + record.slice(from - 1 + text.length);

describe('CODA 2.6, Annex I: the records', () => {
  it('reads every record type of one statement: 0, 1, 2.1-2.3, 3.1-3.3, 8, 4 and 9', () => {
    const [statement, ...others] = parseCoda(codaFile([everyRecord]));
    expect(others).toEqual([]);
    expect(statement).toMatchObject({
      account: 'BE71096123456769',
      currency: 'EUR',
      date: '2026-07-15',
      sequence: '42',
      oldBalanceCents: 250000,
      newBalanceCents: 250000 + 13000 + 6550 - 4599,
      holderName: 'VZW ZOMERKAMPEN',
      messages: ['Uw rekeninguittreksel van juli'],
    });
    expect(statement!.movements).toEqual([
      {
        line: 3,
        bankReference: 'REF0000010000',
        credit: true,
        amountCents: 13000,
        valueDate: '2026-07-14',
        entryDate: '2026-07-15',
        structuredCommunication: '200000012192',
        communication: '',
        counterpartyAccount: 'BE68539007547034',
        counterpartyName: 'Jan Peeters',
      },
      expect.objectContaining({
        credit: true,
        amountCents: 6550,
        structuredCommunication: null,
        // 2.1, 2.2 and 2.3 joined, then the free information records 3.1, 3.2 and 3.3.
        communication:
          'Kamp zwemmen Lotte en Emma Peeters week 2 inschrijving KB2026-000123 betaald door oma, met dank aan iedereen Extra informatie van de bank over deze betaling',
        counterpartyName: 'Maria Janssens',
      }),
      expect.objectContaining({ credit: false, amountCents: 4599, counterpartyName: 'Gemeente Gent', communication: 'Huur sporthal' }),
    ]);
  });

  it('header record 0: the version code at position 128 must be 2', () => {
    const records = lines({ movements: [] });
    records[0] = put(records[0]!, 128, '1');
    expect(refusal(fileOf(records))).toBe(`${NOT_CODA}: regel 1 is geen CODA versie 2 (positie 128)`);
  });

  it('record 1: the account and its currency by the account structure of position 2 (section 7.5)', () => {
    const read = (spec: Partial<CodaStatementSpec>) => parseCoda(codaFile([{ movements: [{ amountCents: 100 }], ...spec }]))[0]!;
    // 0: a Belgian account number of 12 digits, a blank, the currency.
    expect(read({ accountStructure: '0', account: '539007547034' })).toMatchObject({ account: '539007547034', currency: 'EUR' });
    // 1: a foreign account number of 34 positions, the currency.
    expect(read({ accountStructure: '1', account: '12345678', currency: 'USD' })).toMatchObject({ account: '12345678', currency: 'USD' });
    // 2: the IBAN of a Belgian account, 31 positions, 3 of extension, the currency.
    expect(read({ accountStructure: '2', account: 'BE68539007547034' })).toMatchObject({ account: 'BE68539007547034', currency: 'EUR' });
    // 3: the IBAN of a foreign account, 34 positions, the currency.
    expect(read({ accountStructure: '3', account: 'NL91ABNA0417164300' })).toMatchObject({
      account: 'NL91ABNA0417164300',
      currency: 'EUR',
    });
    const records = lines({ movements: [] });
    records[1] = put(records[1]!, 2, '9');
    expect(refusal(fileOf(records))).toBe(`${NOT_CODA}: regel 2 heeft een onbekende rekeningstructuur (positie 2)`);
  });

  it('record 2.1: sign 32, amount 33-47 with three decimals, value date 48-53 (000000 when not known), communication type 62', () => {
    const records = lines({ oldBalanceCents: 1000, movements: [{ amountCents: -123456 }, { amountCents: 1, ogm: '200000012192' }] });
    records[3] = put(records[3]!, 48, '000000');
    const [statement] = parseCoda(fileOf(records));
    expect(statement!.movements.map((m) => [m.credit, m.amountCents, m.valueDate, m.structuredCommunication])).toEqual([
      [false, 123456, '2026-07-15', null],
      [true, 1, null, '200000012192'],
    ]);
    expect(statement!.newBalanceCents).toBe(1000 - 123456 + 1);
  });

  it('record 2.3: the counterparty as an IBAN or as a Belgian number of 12 digits followed by its currency (positions 11-47)', () => {
    const [statement] = parseCoda(
      codaFile([
        {
          movements: [
            { amountCents: 100, counterpartyAccount: 'DE89370400440532013000', counterpartyName: 'Familie Schmidt' },
            { amountCents: 200, counterpartyBban: '539007547034', counterpartyName: 'Familie Peeters' },
          ],
        },
      ]),
    );
    expect(statement!.movements.map((m) => [m.counterpartyAccount, m.counterpartyName])).toEqual([
      ['DE89370400440532013000', 'Familie Schmidt'],
      ['539007547034', 'Familie Peeters'],
    ]);
  });

  it('records 3.1-3.3: free information (position 40 = 0) joins the communication, structured information does not', () => {
    const spec: CodaStatementSpec = { movements: [{ amountCents: 100, communication: 'kamp', information: 'door de bank toegevoegd' }] };
    expect(parseCoda(codaFile([spec]))[0]!.movements[0]!.communication).toBe('kamp door de bank toegevoegd');
    const records = lines(spec);
    records[2 + 0 + 1] = put(records[3]!, 40, '1');
    expect(records[3]!.slice(0, 2)).toBe('31');
    expect(parseCoda(fileOf(records))[0]!.movements[0]!.communication).toBe('kamp');
  });

  it("record 4 after record 8, as section 1 places it ('only between the new balance (8) record and the trailer record (9)')", () => {
    const file = codaFile([{ ...everyRecord, freeMessage: 'Let op: uw kredietlijn wordt herzien op 1 september. '.repeat(3) }]);
    const text = file.toString('latin1').split('\r\n');
    const kinds = text.filter(Boolean).map((r) => r[0]);
    expect(kinds.slice(-4)).toEqual(['8', '4', '4', '9']);
    expect(text[kinds.length - 4]![127]).toBe('1'); // record 8, position 128: a free communication follows
    const [statement] = parseCoda(file);
    expect(statement!.messages.join('')).toContain('Let op: uw kredietlijn');
    expect(statement!.movements).toHaveLength(3);
  });

  it('record 4 among the movements is read as before', () => {
    const [statement] = parseCoda(codaFile([{ ...everyRecord, freeMessagePlacement: 'among-movements' }]));
    expect(statement!.messages).toEqual(['Uw rekeninguittreksel van juli']);
    expect(statement!.movements).toHaveLength(3);
  });

  it('an empty file: records 0, 1 and 9; with a communication 0, 1, 8, 4 and 9 (section 2)', () => {
    const empty = codaFile([{ date: '020826', oldBalanceCents: 5000, withoutNewBalance: true, movements: [] }]);
    expect(
      empty
        .toString('latin1')
        .split('\r\n')
        .filter(Boolean)
        .map((r) => r[0]),
    ).toEqual(['0', '1', '9']);
    expect(parseCoda(empty)).toEqual([
      expect.objectContaining({ date: '2026-08-02', oldBalanceCents: 5000, newBalanceCents: 5000, movements: [], messages: [] }),
    ]);
    const withMessage = codaFile([{ oldBalanceCents: 5000, movements: [], freeMessage: 'Geen bewegingen deze maand' }]);
    expect(
      withMessage
        .toString('latin1')
        .split('\r\n')
        .filter(Boolean)
        .map((r) => r[0]),
    ).toEqual(['0', '1', '8', '4', '9']);
    expect(parseCoda(withMessage)[0]).toMatchObject({ movements: [], messages: ['Geen bewegingen deze maand'] });
    // A file with movements has its record 8 (section 2: 'at least records 0, 1, 2, 8 and 9').
    const withoutNewBalance = lines({ movements: [{ amountCents: 100 }] }).filter((r) => r[0] !== '8');
    expect(refusal(fileOf(withoutNewBalance))).toBe(`${NOT_CODA}: regel 4 is geen nieuw saldo (record 8)`);
  });
});

describe('CODA 2.6: what the reader checks (trailer record 9, new balance)', () => {
  it('the trailer counts records 1, 2.x, 3.x and 8, not 0, 4 and 9; its totals are the movements with detail number 0000', () => {
    const records = lines(everyRecord);
    const trailer = records[records.length - 1]!;
    const counted = records.filter((r) => /^[1238]/.test(r)).length;
    expect(Number(trailer.slice(16, 22))).toBe(counted);
    expect(counted).toBe(records.length - 3);
    expect(parseCoda(fileOf(records))).toHaveLength(1);
  });

  it('refuses a trailer whose record count, debit total or credit total is wrong, naming the line', () => {
    const n = lines(everyRecord).length;
    expect(refusal(codaFile([{ ...everyRecord, trailer: { records: 99 } }]))).toBe(
      `Regel ${n}: de trailer telt 99 records, het rekeninguittreksel heeft er ${n - 3}.`,
    );
    expect(refusal(codaFile([{ ...everyRecord, trailer: { debitCents: 4500 } }]))).toBe(
      `Regel ${n}: het debettotaal van de trailer (€ 45,00) verschilt van de som van de debetbewegingen (€ 45,99).`,
    );
    expect(refusal(codaFile([{ ...everyRecord, trailer: { creditCents: 1 } }]))).toBe(
      `Regel ${n}: het credittotaal van de trailer (€ 0,01) verschilt van de som van de creditbewegingen (€ 195,50).`,
    );
    // The second statement's trailer: its own line in the file.
    const second = codaFile([everyRecord, { ...everyRecord, trailer: { records: 1 } }]);
    expect(refusal(second)).toMatch(new RegExp(`^Regel ${2 * n}: de trailer telt 1 records`));
  });

  it('refuses a new balance that is not the old balance plus the movements, naming record 8', () => {
    const records = lines(everyRecord);
    const line = records.findIndex((r) => r[0] === '8') + 1;
    expect(refusal(codaFile([{ ...everyRecord, newBalanceCents: 1 }]))).toBe(
      `Regel ${line}: het nieuwe saldo (€ 0,01) is niet het oude saldo plus de bewegingen (€ 2.649,51).`,
    );
  });

  it('a separate application has its balances zeroed (section 7.2.1), so they are not held against its movements', () => {
    const spec: CodaStatementSpec = {
      separateApplication: '01500',
      oldBalanceCents: 0,
      newBalanceCents: 0,
      movements: [{ amountCents: 700 }],
    };
    expect(parseCoda(codaFile([spec]))[0]!.movements).toHaveLength(1);
    expect(refusal(codaFile([{ ...spec, separateApplication: '00000' }]))).toMatch(/het nieuwe saldo \(€ 0,00\) is niet het oude saldo/);
  });
});

describe('CODA 2.6: globalisation (sections 3.1, 6 and 7.2.2)', () => {
  it('books a global amount through its details, each once with its own communication; the trailer holds the global amount', () => {
    for (const transactionCode of ['10150000', '20150000']) {
      const file = codaFile([
        {
          movements: [
            {
              amountCents: 0,
              transactionCode,
              communication: 'Globalisatie van 2 overschrijvingen',
              details: [
                { amountCents: 13000, ogm: '200000012192', counterpartyName: 'Jan Peeters' },
                { amountCents: 6500, communication: 'tweede kind', counterpartyName: 'An Claes' },
              ],
            },
            { amountCents: 100, communication: 'los' },
          ],
        },
      ]);
      const records = file
        .toString('latin1')
        .split('\r\n')
        .filter((r) => r.startsWith('21'));
      // Type 1 with details 5, type 2 with details 6; the globalisation code (125) marks the first and the last record.
      expect(records.map((r) => [r.slice(2, 6), r.slice(6, 10), r[53], r[124]])).toEqual([
        ['0001', '0000', transactionCode[0], '1'],
        ['0001', '0001', transactionCode[0] === '1' ? '5' : '6', '0'],
        ['0001', '0002', transactionCode[0] === '1' ? '5' : '6', '1'],
        ['0002', '0000', '0', '0'],
      ]);
      const [statement] = parseCoda(file);
      expect(statement!.movements.map((m) => [m.amountCents, m.structuredCommunication, m.communication, m.counterpartyName])).toEqual([
        [13000, '200000012192', '', 'Jan Peeters'],
        [6500, null, 'tweede kind', 'An Claes'],
        [100, null, 'los', null],
      ]);
      expect(statement!.newBalanceCents).toBe(100000 + 19600);
    }
  });

  it('a detail with details of its own (type 7 with type 9) is booked through those; an amount of type 3 itself (its type 8 details explain it)', () => {
    const [statement] = parseCoda(
      codaFile([
        {
          movements: [
            {
              amountCents: 0,
              transactionCode: '20150000',
              details: [
                { amountCents: 1000, communication: 'een', transactionCode: '60150000' },
                { amountCents: 3000, communication: 'deelgroep', transactionCode: '70150000' },
                { amountCents: 1000, communication: 'twee', transactionCode: '90150000' },
                { amountCents: 2000, communication: 'drie', transactionCode: '90150000' },
              ],
            },
            {
              amountCents: 0,
              transactionCode: '30141000',
              communication: 'Overschrijving uit het buitenland',
              details: [
                { amountCents: 10150, communication: 'bedrag', transactionCode: '80141000' },
                { amountCents: -150, communication: 'kosten', transactionCode: '80137000' },
              ],
            },
          ],
        },
      ]),
    );
    expect(statement!.movements.map((m) => [m.amountCents, m.communication])).toEqual([
      [1000, 'een'],
      [1000, 'twee'],
      [2000, 'drie'],
      [10000, 'Overschrijving uit het buitenland'],
    ]);
  });

  it('sequence numbers past 9,999 go round to 0000 and on (section 6), each movement counted once', () => {
    const movements: CodaMovementSpec[] = Array.from({ length: 10_002 }, (_, i) => ({ amountCents: 1 + (i % 3) }));
    const file = codaFile([{ movements }]);
    const sequences = file
      .toString('latin1')
      .split('\r\n')
      .filter((r) => r.startsWith('21'))
      .map((r) => r.slice(2, 6));
    expect(sequences.slice(9_998)).toEqual(['9999', '0000', '0001', '0002']);
    const [statement] = parseCoda(file);
    expect(statement!.movements).toHaveLength(10_002);
    expect(statement!.newBalanceCents).toBe(100000 + movements.reduce((sum, m) => sum + m.amountCents, 0));
  });

  it("details past 9,999 of one movement go round to detail number 0000, which is not counted twice ('one must avoid that these records are counted twice')", () => {
    const details: CodaMovementSpec[] = Array.from({ length: 10_001 }, () => ({ amountCents: 1 }));
    const file = codaFile([{ movements: [{ amountCents: 0, transactionCode: '20150000', details }] }]);
    const detailNumbers = file
      .toString('latin1')
      .split('\r\n')
      .filter((r) => r.startsWith('21'))
      .map((r) => r.slice(6, 10));
    expect(detailNumbers.slice(9_999)).toEqual(['9999', '0000', '0001']);
    const [statement] = parseCoda(file);
    expect(statement!.movements).toHaveLength(10_001);
    expect(statement!.newBalanceCents).toBe(100000 + 10_001);
  });
});

describe('CODA 2.6: files as banks send them (section 1)', () => {
  it("several statements, of several accounts, in one physical file ('These files will be sent in one single physical file')", () => {
    const file = codaFile([
      { date: '010726', paperSequence: 1, movements: [{ amountCents: 1000, communication: 'een' }] },
      {
        date: '020726',
        paperSequence: 2,
        oldBalanceCents: 101000,
        movements: [
          { amountCents: 2000, communication: 'twee' },
          { amountCents: -500, communication: 'drie' },
        ],
      },
      { date: '030726', paperSequence: 3, account: 'BE68539007547034', movements: [] },
    ]);
    // The multiple file code of each trailer: 1 another file follows, 2 the last.
    expect(
      file
        .toString('latin1')
        .split('\r\n')
        .filter((r) => r[0] === '9')
        .map((r) => r[127]),
    ).toEqual(['1', '1', '2']);
    const statements = parseCoda(file);
    expect(statements.map((s) => [s.date, s.sequence, s.account, s.movements.length])).toEqual([
      ['2026-07-01', '1', 'BE71096123456769', 1],
      ['2026-07-02', '2', 'BE71096123456769', 2],
      ['2026-07-03', '3', 'BE68539007547034', 0],
    ]);
    expect(statements[1]!.movements.map((m) => [m.credit, m.amountCents, m.communication])).toEqual([
      [true, 2000, 'twee'],
      [false, 500, 'drie'],
    ]);
  });

  it("a foreign-currency account: 'reporting is done in the account currency'", () => {
    const [usd] = parseCoda(
      codaFile([{ accountStructure: '3', account: 'GB29NWBK60161331926819', currency: 'USD', movements: [{ amountCents: 2550 }] }]),
    );
    expect(usd).toMatchObject({ account: 'GB29NWBK60161331926819', currency: 'USD' });
    expect(usd!.movements[0]).toMatchObject({ amountCents: 2550 });
    // A currency of three decimals keeps them: the balance adds up to the thousandth.
    const [bhd] = parseCoda(
      codaFile([{ accountStructure: '1', account: '0012345678', currency: 'BHD', movements: [{ amountCents: 0.5 }] }]),
    );
    expect(bhd).toMatchObject({ currency: 'BHD' });
  });

  it('an amount with a third decimal on a euro account is refused, naming it: nothing is rounded', () => {
    const n = 3;
    expect(refusal(codaFile([{ movements: [{ amountCents: 0.4 }] }]))).toBe(
      `Regel ${n}: het bedrag € 0,004 heeft meer decimalen dan de munt EUR (2).`,
    );
  });

  it('reads CRLF and LF line ends, with or without a trailing blank line, the same way', () => {
    const crlf = parseCoda(codaFile([everyRecord], { lineEnd: '\r\n' }));
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\n' }))).toEqual(crlf);
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\r\n', trailingBlankLine: true }))).toEqual(crlf);
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\n', trailingBlankLine: true }))).toEqual(crlf);
  });

  it('reads ISO-8859-1, and UTF-8: lines of 128 characters but more bytes, with or without a byte order mark', () => {
    const spec: CodaStatementSpec = {
      movements: [{ amountCents: 5000, counterpartyName: 'Désirée Müller-Çelik', communication: 'Crèche Zoë' }],
    };
    const latin1 = codaFile([spec]);
    expect(latin1.includes(Buffer.from([0xe9]))).toBe(true); // é is one byte in ISO-8859-1
    expect(parseCoda(latin1)[0]!.movements[0]).toMatchObject({ counterpartyName: 'Désirée Müller-Çelik', communication: 'Crèche Zoë' });
    const utf8 = codaFile([spec], { encoding: 'utf8' });
    expect(utf8.length).toBeGreaterThan(latin1.length);
    expect(
      utf8
        .toString('utf8')
        .split('\r\n')
        .filter(Boolean)
        .every((line) => line.length === 128),
    ).toBe(true);
    expect(parseCoda(utf8)).toEqual(parseCoda(latin1));
    expect(parseCoda(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual(parseCoda(latin1));
  });
});

describe('CODA: broken and hostile files are refused as a whole, naming the line', () => {
  it('refuses a file cut off in the middle of a record or before its trailer', () => {
    const whole = codaFile([everyRecord], { lineEnd: '\n' });
    expect(refusal(whole.subarray(0, 128 * 4 + 50))).toMatch(new RegExp(`^${NOT_CODA}: regel 5 heeft 46 tekens`));
    const atRecordEnd = whole.subarray(0, 129 * 6);
    expect(refusal(atRecordEnd)).toMatch(new RegExp(`^${NOT_CODA}: regel 6 is de laatste`));
    // Two statements of which the second lost its trailer.
    const two = codaFile([everyRecord, everyRecord], { lineEnd: '\n' });
    expect(refusal(two.subarray(0, two.length - 129))).toMatch(new RegExp(`^${NOT_CODA}`));
  });

  it('refuses what is not CODA: empty, a PDF, a CSV, plain text, binary', () => {
    expect(refusal(Buffer.alloc(0))).toBe(NOT_CODA);
    expect(refusal(Buffer.from('\r\n\r\n'))).toBe(NOT_CODA);
    expect(refusal(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n'))).toBe(NOT_CODA);
    expect(refusal(Buffer.from('Datum;Bedrag;Mededeling\n15/07/2026;130,00;+++200/0000/12192+++\n'))).toBe(NOT_CODA);
    expect(refusal(Buffer.from('0'.repeat(128) + '\n'))).toMatch(new RegExp(`^${NOT_CODA}`));
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toBe(NOT_CODA);
  });

  it('refuses an unknown record, a bad date and a bad amount with the line', () => {
    const records = lines({ movements: [{ amountCents: 1000, communication: 'x' }] });
    const withUnknown = [...records.slice(0, 2), '7'.padEnd(128, ' '), ...records.slice(2)];
    expect(refusal(fileOf(withUnknown, '\n'))).toBe(`${NOT_CODA}: regel 3 is geen nieuw saldo (record 8)`);
    const badDate = [...records];
    badDate[2] = put(badDate[2]!, 48, '310226');
    expect(refusal(fileOf(badDate, '\n'))).toBe(`${NOT_CODA}: regel 3 310226 is geen datum`);
    const badAmount = [...records];
    badAmount[2] = put(badAmount[2]!, 33, '00000000000100x');
    expect(refusal(fileOf(badAmount, '\n'))).toBe(`${NOT_CODA}: regel 3 positie 33-47 is geen getal`);
    // A record 2.2 or 3.1 whose sequence number is not that of the movement before it.
    const orphan = [...records];
    orphan.splice(3, 0, put(records[2]!.replace(/^21/, '22'), 3, '0005'));
    expect(refusal(fileOf(orphan))).toBe(`${NOT_CODA}: regel 4 hoort bij geen beweging (volgnummer 0005)`);
    // Something else than a free communication between record 8 and the trailer.
    const after8 = [...records];
    after8.splice(after8.length - 1, 0, records[2]!);
    expect(refusal(fileOf(after8))).toBe(`${NOT_CODA}: regel ${records.length} is geen trailer (record 9)`);
  });

  it('refuses a NUL byte or another control character in a name, naming line and position', () => {
    const spec: CodaStatementSpec = { movements: [{ amountCents: 1000, counterpartyName: 'Jan\u0000Peeters' }] };
    expect(refusal(codaFile([spec]))).toBe(`${NOT_CODA}: regel 5 heeft een controleteken op positie 51`);
    const bell = { movements: [{ amountCents: 1000, communication: 'kamp\u0007' }] };
    expect(refusal(codaFile([bell]))).toMatch(/^Dit is geen geldig CODA-bestand: regel 3 heeft een controleteken op positie 67$/);
  });

  it('refuses an amount above what a money column holds (2^31 cents), naming it', () => {
    const big = { oldBalanceCents: 0, movements: [{ amountCents: 2 ** 31 }] };
    expect(refusal(codaFile([big]))).toBe('Regel 3: het bedrag € 21.474.836,48 is groter dan Kampbeheer kan boeken (€ 21.474.836,47).');
    expect(parseCoda(codaFile([{ oldBalanceCents: 0, movements: [{ amountCents: 2 ** 31 - 1 }] }]))[0]!.movements[0]!.amountCents).toBe(
      2 ** 31 - 1,
    );
  });
});
