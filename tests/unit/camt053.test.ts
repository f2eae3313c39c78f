import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readStatementFile } from '../../server/src/features/bank/files.js';
import type { BankStatement } from '../../server/src/features/bank/statement.js';
import { statementFileRefusal } from '../helpers/statement-files.js';
import { camtFile, type CamtStatementSpec, type CamtVersion } from '../helpers/camt-writer.js';
import { schemaErrors, XSD } from '../helpers/xml-schema.js';

/**
 * CAMT.053 as banks send it: every file here is first validated against the official schema of its version
 * (tests/fixtures/camt.053.001.0{2,3,4,8}.xsd), as the bank's own tools would, then read.
 */

const NOT_CAMT = 'Dit is geen geldig CAMT.053-bestand';
const VERSIONS: CamtVersion[] = ['02', '03', '04', '08'];

function read(name: string, bytes: Uint8Array): BankStatement[] {
  const [file, ...others] = readStatementFile(name, bytes);
  expect(others).toEqual([]);
  expect(file!.format).toBe('camt053');
  return file!.statements;
}

const refusal = statementFileRefusal;

/** A file of the version that its schema accepts: the test files are what a bank could send. */
function valid(options: CamtStatementSpec & { version: CamtVersion; statements?: CamtStatementSpec[] }): Buffer {
  const file = camtFile(options);
  expect(schemaErrors(file, XSD.camt053(options.version)), `camt.053.001.${options.version}`).toBeNull();
  return file;
}

/** What real banks do that the schemas allow, in one statement. */
const realBank: CamtStatementSpec = {
  openingCode: 'PRCD',
  entries: [
    {
      credit: true,
      transactions: [{ amountCents: 13000, reference: '+++200/0000/12192+++', name: 'Jan & Els Peeters', iban: 'BE43068999999501' }],
    },
    {
      credit: true,
      transactions: [
        { amountCents: 5000, reference: '200000012293', name: 'An Claes' },
        { amountCents: 2500, unstructured: 'kamp KB2026-000123', name: 'Tom Willems', otherAccount: '063-9999995-01' },
        { amountCents: 1250, reference: 'RF18539007547034', name: 'Sara Maes' },
      ],
    },
    { credit: false, transactions: [{ amountCents: 4000, unstructured: 'huur', name: 'Gemeente Gent' }] },
    { credit: true, status: 'PDNG', transactions: [{ amountCents: 999 }] },
  ],
};

describe('CAMT.053 of every version banks send', () => {
  it('the schema check is the real one: a .08 entry status written as in .02 is refused', () => {
    const wrong = camtFile({ version: '08', entries: realBank.entries })
      .toString('utf8')
      .replace('<Sts><Cd>BOOK</Cd></Sts>', '<Sts>BOOK</Sts>');
    expect(schemaErrors(wrong, XSD.camt053('08'))).toMatch(/Sts/);
    expect(schemaErrors(camtFile({ version: '02', entries: realBank.entries }), XSD.camt053('08'))).toMatch(/camt\.053\.001\.02/);
  });

  for (const version of VERSIONS) {
    it(`camt.053.001.${version}: PRCD opening balance, a batch matched per transaction, an Othr account, a pending entry left out`, () => {
      const [statement] = read(`juli-${version}.xml`, valid({ version, ...realBank }));
      expect(statement).toMatchObject({
        account: 'BE71096123456769',
        currency: 'EUR',
        date: '2026-07-15',
        sequence: '7',
        oldBalanceCents: 100000,
        newBalanceCents: 100000 + 13000 + 8750 - 4000,
        holderName: 'VZW Kampen',
      });
      expect(
        statement!.movements.map((m) => [
          m.credit,
          m.amountCents,
          m.structuredCommunication,
          m.communication,
          m.counterpartyName,
          m.counterpartyAccount,
        ]),
      ).toEqual([
        [true, 13000, '200000012192', '', 'Jan & Els Peeters', 'BE43068999999501'],
        [true, 5000, '200000012293', '', 'An Claes', 'BE68539007547034'],
        [true, 2500, null, 'kamp KB2026-000123', 'Tom Willems', '063-9999995-01'],
        [true, 1250, null, 'RF18539007547034', 'Sara Maes', 'BE68539007547034'],
        [false, 4000, null, 'huur', 'Gemeente Gent', 'BE68539007547034'],
      ]);
    });

    it(`camt.053.001.${version}: a statement without entries, and several statements in one file`, () => {
      const statements = read(
        `leeg-${version}.xml`,
        valid({
          version,
          entries: [],
          statements: [
            { entries: [], date: '2026-07-14', sequence: '6' },
            { entries: [{ credit: true, transactions: [{ amountCents: 700 }] }], date: '2026-07-15', sequence: '7' },
            { entries: [], iban: 'BE68539007547034', currency: 'USD', date: '2026-07-15', sequence: '1' },
          ],
        }),
      );
      expect(statements.map((s) => [s.account, s.currency, s.sequence, s.movements.length, s.oldBalanceCents, s.newBalanceCents])).toEqual([
        ['BE71096123456769', 'EUR', '6', 0, 100000, 100000],
        ['BE71096123456769', 'EUR', '7', 1, 100000, 100700],
        ['BE68539007547034', 'USD', '1', 0, 100000, 100000],
      ]);
    });
  }

  it('refuses balances that do not add up, the PRCD opening balance included', () => {
    for (const openingCode of ['OPBD', 'PRCD'] as const) {
      const file = valid({
        version: '08',
        openingCode,
        closingCents: 5,
        entries: [{ credit: true, transactions: [{ amountCents: 100 }] }],
      });
      expect(refusal('x.xml', file)).toBe(
        'x.xml: Rekeninguittreksel 1: het eindsaldo (€ 0,05) is niet het beginsaldo plus de boekingen (€ 1.001,00).',
      );
    }
  });

  it('refuses a batch whose transactions do not add up to its entry', () => {
    const file = valid({
      version: '04',
      closingCents: 100000 + 1000,
      entries: [{ credit: true, amountText: '10.00', transactions: [{ amountCents: 600 }, { amountCents: 300 }] }],
    });
    expect(refusal('b.xml', file)).toBe(
      'b.xml: Rekeninguittreksel 1, boeking 1: de transacties (€ 9,00) tellen niet op tot het bedrag van de boeking (€ 10,00).',
    );
  });

  it('refuses an amount with more decimals than its currency, naming it: 0.004 is no € 0,00 payment', () => {
    const file = valid({
      version: '08',
      closingCents: 100000,
      openingCents: 100000,
      entries: [{ credit: true, amountText: '0.004', transactions: [{ amountCents: 0 }] }],
    });
    expect(refusal('d.xml', file)).toBe(
      'd.xml: Rekeninguittreksel 1, boeking 1: het bedrag 0.004 EUR heeft meer decimalen dan de munt EUR (2).',
    );
    const inBatch = valid({
      version: '08',
      entries: [{ credit: true, amountText: '1.005', transactions: [{ amountCents: 100 }, { amountCents: 0, amountText: '0.005' }] }],
    });
    expect(refusal('e.xml', inBatch)).toMatch(/^e\.xml: Rekeninguittreksel 1, boeking 1: het bedrag 1\.005 EUR heeft meer decimalen/);
    // Trailing zeros are no decimals: 12.50000 is € 12,50.
    const zeros = valid({ version: '08', entries: [{ credit: true, amountText: '12.50000', transactions: [{ amountCents: 1250 }] }] });
    expect(read('z.xml', zeros)[0]!.movements[0]!.amountCents).toBe(1250);
  });

  it('refuses an amount above what a money column holds (2^31 cents)', () => {
    const file = valid({ version: '08', entries: [{ credit: true, transactions: [{ amountCents: 2 ** 31 }] }] });
    expect(refusal('g.xml', file)).toBe(
      'g.xml: Rekeninguittreksel 1, boeking 1: het bedrag € 21.474.836,48 is groter dan Kampbeheer kan boeken (€ 21.474.836,47).',
    );
  });
});

describe('CAMT.053: XML that is not well-formed or not allowed is refused before it is read', () => {
  const withName = (name: string) =>
    camtFile({ version: '08', entries: [{ credit: true, transactions: [{ amountCents: 100, name: 'PLACEHOLDER' }] }] })
      .toString('utf8')
      .replace('PLACEHOLDER', name);

  it('refuses character references XML does not allow (&#0;, &#xD800;, &#xFFFE;) and raw control characters, naming the line', () => {
    const line =
      withName('x')
        .split('\n')
        .findIndex((l) => l.includes('<Nm>x</Nm>')) + 1;
    expect(refusal('a.xml', strToU8(withName('Jan&#0;Peeters')))).toBe(
      `a.xml: ${NOT_CAMT}: regel ${line} heeft een ongeldige verwijzing &#0;`,
    );
    expect(refusal('b.xml', strToU8(withName('Jan&#xD800;')))).toBe(
      `b.xml: ${NOT_CAMT}: regel ${line} heeft een ongeldige verwijzing &#xD800;`,
    );
    expect(refusal('c.xml', strToU8(withName('Jan&#xFFFE;')))).toBe(
      `c.xml: ${NOT_CAMT}: regel ${line} heeft een ongeldige verwijzing &#xFFFE;`,
    );
    expect(refusal('d.xml', strToU8(withName('Jan\u0000Peeters')))).toBe(
      `d.xml: ${NOT_CAMT}: regel ${line} heeft een teken dat XML niet toelaat (U+0000)`,
    );
    expect(refusal('e.xml', strToU8(withName('Jan&nbsp;Peeters')))).toBe(
      `e.xml: ${NOT_CAMT}: regel ${line} heeft een ongeldige verwijzing &nbsp;`,
    );
    // Allowed references are read: &#233; is é.
    expect(read('f.xml', strToU8(withName('Ren&#233;e &amp; Jan')))[0]!.movements[0]!.counterpartyName).toBe('Renée & Jan');
  });

  it('refuses a document type, external entities and entity expansion (XXE, billion laughs) before parsing', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Document><BkToCstmrStmt><Stmt><Ntry>&xxe;</Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(refusal('xxe.xml', strToU8(xxe))).toBe(`xxe.xml: ${NOT_CAMT}: een XML-bestand met een DOCTYPE of ENTITY wordt niet gelezen`);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(refusal('lol.xml', strToU8(laughs))).toMatch(/^lol\.xml: Dit is geen geldig CAMT\.053-bestand/);
    const doctype = `<?xml version="1.0"?><!DOCTYPE Document SYSTEM "http://aanval.example/x.dtd"><Document/>`;
    expect(refusal('dtd.xml', strToU8(doctype))).toMatch(/DOCTYPE of ENTITY wordt niet gelezen$/);
  });

  it('refuses XML that is not well-formed, not UTF-8, or not a statement', () => {
    expect(refusal('a.xml', strToU8('<?xml version="1.0"?><html><body>hallo</body></html>'))).toBe(`a.xml: ${NOT_CAMT}`);
    expect(refusal('b.xml', strToU8('<Document><BkToCstmrStmt><Stmt>'))).toMatch(
      new RegExp(`^b\\.xml: ${NOT_CAMT}: regel 1 is geen goed gevormde XML$`),
    );
    const latin1Bytes = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Document><Nm>'),
      Buffer.from([0xe9]),
      Buffer.from('</Nm></Document>'),
    ]);
    expect(refusal('c.xml', latin1Bytes)).toBe(`c.xml: ${NOT_CAMT}: het bestand is geen geldige UTF-8-tekst`);
    // A file that says it is ISO-8859-1 is read as such.
    const declared = Buffer.from(withName('Ren\u00e9e').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(read('i.xml', declared)[0]!.movements[0]!.counterpartyName).toBe('Renée');
  });
});
