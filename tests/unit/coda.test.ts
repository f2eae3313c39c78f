import { describe, expect, it } from 'vitest';
import { parseCoda } from '../../server/src/features/bank/coda.js';
import { BankFileError } from '../../server/src/features/bank/statement.js';
import { codaFile, codaStatementRecords, type CodaStatementSpec } from '../helpers/coda-writer.js';

const NOT_CODA = 'Dit is geen geldig CODA-bestand';

/** One statement that uses every record type: 0, 1, 2.1, 2.2, 2.3, 3.1, 3.2, 3.3, 4, 8 and 9. */
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

describe('CODA parser', () => {
  it('reads every record type of one statement', () => {
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

  it('reads several statements after each other in one file', () => {
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

  it('books the details of a globalised movement, and checks the trailer against the global amount', () => {
    const [statement] = parseCoda(
      codaFile([
        {
          movements: [
            {
              amountCents: 0,
              details: [
                { amountCents: 13000, ogm: '200000012192' },
                { amountCents: 6500, communication: 'tweede kind' },
              ],
            },
          ],
        },
      ]),
    );
    expect(statement!.movements.map((m) => [m.amountCents, m.structuredCommunication, m.communication])).toEqual([
      [13000, '200000012192', ''],
      [6500, null, 'tweede kind'],
    ]);
  });

  it('reads debits with their sign and amount', () => {
    const [statement] = parseCoda(codaFile([{ oldBalanceCents: 1000, movements: [{ amountCents: -123456 }, { amountCents: -1 }] }]));
    expect(statement!.movements.map((m) => [m.credit, m.amountCents])).toEqual([
      [false, 123456],
      [false, 1],
    ]);
    expect(statement!.newBalanceCents).toBe(1000 - 123457);
  });

  it('reads CRLF and LF line ends, with or without a trailing blank line, the same way', () => {
    const crlf = parseCoda(codaFile([everyRecord], { lineEnd: '\r\n' }));
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\n' }))).toEqual(crlf);
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\r\n', trailingBlankLine: true }))).toEqual(crlf);
    expect(parseCoda(codaFile([everyRecord], { lineEnd: '\n', trailingBlankLine: true }))).toEqual(crlf);
  });

  it('decodes Latin-1: accented names keep their letters', () => {
    const file = codaFile([{ movements: [{ amountCents: 5000, counterpartyName: 'Désirée Müller-Çelik', communication: 'Crèche Zoë' }] }]);
    expect(file.includes(Buffer.from([0xe9]))).toBe(true); // é is one byte, as in Latin-1
    const [statement] = parseCoda(file);
    expect(statement!.movements[0]).toMatchObject({ counterpartyName: 'Désirée Müller-Çelik', communication: 'Crèche Zoë' });
    // The same file saved again as UTF-8 still reads.
    const utf8 = Buffer.from(file.toString('latin1'), 'utf8');
    expect(parseCoda(utf8)[0]!.movements[0]!.counterpartyName).toBe('Désirée Müller-Çelik');
  });

  it('refuses a trailer whose record count, debit total or credit total is wrong, naming the line', () => {
    const lines = codaStatementRecords(everyRecord).length;
    expect(refusal(codaFile([{ ...everyRecord, trailer: { records: 99 } }]))).toBe(
      `Regel ${lines}: de trailer telt 99 records, het afschrift heeft er ${lines - 3}.`,
    );
    expect(refusal(codaFile([{ ...everyRecord, trailer: { debitCents: 4500 } }]))).toBe(
      `Regel ${lines}: het debettotaal van de trailer (€ 45,00) verschilt van de som van de debetbewegingen (€ 45,99).`,
    );
    expect(refusal(codaFile([{ ...everyRecord, trailer: { creditCents: 1 } }]))).toBe(
      `Regel ${lines}: het credittotaal van de trailer (€ 0,01) verschilt van de som van de creditbewegingen (€ 195,50).`,
    );
    // The second statement's trailer: its own line in the file.
    const second = codaFile([everyRecord, { ...everyRecord, trailer: { records: 1 } }]);
    expect(refusal(second)).toMatch(new RegExp(`^Regel ${2 * lines}: de trailer telt 1 records`));
  });

  it('refuses a new balance that is not the old balance plus the movements', () => {
    const lines = codaStatementRecords(everyRecord).length;
    expect(refusal(codaFile([{ ...everyRecord, newBalanceCents: 1 }]))).toBe(
      `Regel ${lines - 1}: het nieuwe saldo (€ 0,01) is niet het oude saldo plus de bewegingen (€ 2.649,51).`,
    );
  });

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
    const lines = codaStatementRecords({ movements: [{ amountCents: 1000, communication: 'x' }] });
    const withUnknown = [...lines.slice(0, 2), '7'.padEnd(128, ' '), ...lines.slice(2)];
    expect(refusal(Buffer.from(withUnknown.join('\n')))).toBe(`${NOT_CODA}: regel 3 is geen nieuw saldo (record 8)`);
    const badDate = [...lines];
    badDate[2] = badDate[2]!.slice(0, 47) + '310226' + badDate[2]!.slice(53);
    expect(refusal(Buffer.from(badDate.join('\n')))).toBe(`${NOT_CODA}: regel 3 310226 is geen datum`);
    const badAmount = [...lines];
    badAmount[2] = badAmount[2]!.slice(0, 32) + '00000000000100x' + badAmount[2]!.slice(47);
    expect(refusal(Buffer.from(badAmount.join('\n')))).toBe(`${NOT_CODA}: regel 3 positie 33-47 is geen getal`);
  });
});
