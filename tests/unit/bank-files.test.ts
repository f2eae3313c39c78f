import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readStatementFile, ZIP_LIMITS } from '../../server/src/features/bank/files.js';
import { BankFileError } from '../../server/src/features/bank/statement.js';
import { camtFile } from '../helpers/camt-writer.js';
import { codaFile } from '../helpers/coda-writer.js';

const NOT_CODA = 'Dit is geen geldig CODA-bestand';

function refusal(name: string, bytes: Uint8Array): string {
  try {
    readStatementFile(name, bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(BankFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('CAMT.053 statements', () => {
  it('reads entries, their transactions, structured references and unstructured text', () => {
    const [file] = readStatementFile(
      'juli.xml',
      camtFile({
        entries: [
          {
            credit: true,
            transactions: [
              { amountCents: 13000, reference: '+++200/0000/12192+++', name: 'Jan & Els Peeters', iban: 'BE43 0689 9999 9501' },
            ],
          },
          {
            credit: true,
            transactions: [
              { amountCents: 5000, unstructured: 'kamp KB2026-000123' },
              { amountCents: 2500, reference: 'RF18539007547034' },
            ],
          },
          { credit: false, transactions: [{ amountCents: 4000, unstructured: 'huur' }] },
          { credit: true, status: 'PDNG', transactions: [{ amountCents: 999 }] },
        ],
      }),
    );
    expect(file!.format).toBe('camt053');
    const [statement] = file!.statements;
    expect(statement).toMatchObject({
      account: 'BE71096123456769',
      date: '2026-07-15',
      sequence: '7',
      oldBalanceCents: 100000,
      newBalanceCents: 100000 + 20500 - 4000,
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
      [true, 5000, null, 'kamp KB2026-000123', 'Onbekend', 'BE68539007547034'],
      [true, 2500, null, 'RF18539007547034', 'Onbekend', 'BE68539007547034'],
      [false, 4000, null, 'huur', 'Onbekend', 'BE68539007547034'],
    ]);
  });

  it('refuses a closing balance that is not the opening balance plus the booked entries', () => {
    expect(refusal('x.xml', camtFile({ closingCents: 5, entries: [{ credit: true, transactions: [{ amountCents: 100 }] }] }))).toBe(
      'x.xml: Rekeninguittreksel 1: het eindsaldo (€ 0,05) is niet het beginsaldo plus de boekingen (€ 1.001,00).',
    );
  });

  it('refuses entity tricks (XXE, billion laughs) before parsing, and XML that is not a statement', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Document><BkToCstmrStmt><Stmt><Ntry>&xxe;</Ntry></Stmt></BkToCstmrStmt></Document>`;
    expect(refusal('xxe.xml', strToU8(xxe))).toBe(`xxe.xml: ${NOT_CODA}: een XML-bestand met een DOCTYPE of ENTITY wordt niet gelezen`);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><Document>&lol2;</Document>`;
    expect(refusal('lol.xml', strToU8(laughs))).toMatch(/^lol\.xml: Dit is geen geldig CODA-bestand/);
    expect(refusal('a.xml', strToU8('<?xml version="1.0"?><html><body>hallo</body></html>'))).toBe(`a.xml: ${NOT_CODA}`);
    expect(refusal('b.xml', strToU8('<Document><BkToCstmrStmt><Stmt>'))).toBe(`b.xml: ${NOT_CODA}`);
  });
});

describe('zip uploads', () => {
  const coda = (sequence: number) =>
    codaFile([{ paperSequence: sequence, movements: [{ amountCents: 1000 * sequence, communication: `betaling ${sequence}` }] }]);

  it('reads every statement file in a zip, folders included, leaving out hidden files', () => {
    const zip = zipSync({
      'juli/1.cod': coda(1),
      'juli/2.txt': coda(2),
      'juli.xml': camtFile({ entries: [] }),
      '__MACOSX/juli/._1.cod': strToU8('resource fork'),
      'juli/.DS_Store': strToU8('x'),
    });
    const files = readStatementFile('juli.zip', zip);
    expect(files.map((f) => [f.fileName, f.format, f.statements[0]!.sequence])).toEqual([
      ['juli.zip/juli/1.cod', 'coda', '1'],
      ['juli.zip/juli/2.txt', 'coda', '2'],
      ['juli.zip/juli.xml', 'camt053', '7'],
    ]);
  });

  it('refuses the zip when one of its files is not a statement, naming that file', () => {
    expect(refusal('m.zip', zipSync({ 'a.cod': coda(1), 'b.pdf': strToU8('%PDF-1.4') }))).toBe(`m.zip/b.pdf: ${NOT_CODA}`);
    expect(refusal('n.zip', zipSync({ 'in.zip': zipSync({ 'a.cod': coda(1) }) }))).toBe(`n.zip/in.zip: ${NOT_CODA}`);
    expect(refusal('leeg.zip', zipSync({}))).toBe(`leeg.zip: ${NOT_CODA}`);
    const cut = zipSync({ 'a.cod': coda(1) }, { level: 0 });
    expect(refusal('kapot.zip', cut.subarray(0, 200))).toBe(`kapot.zip: ${NOT_CODA}`);
  });

  it('stops a zip bomb: more bytes or more files than the limits', () => {
    const bomb = zipSync({ 'a.cod': new Uint8Array(ZIP_LIMITS.totalBytes + 1024 * 1024) }, { level: 1 });
    expect(bomb.length).toBeLessThan(200_000);
    expect(refusal('bom.zip', bomb)).toMatch(
      /^bom\.zip: Dit is geen geldig CODA-bestand: het zip-bestand pakt uit tot meer dan 500 bestanden of 50 MB$/,
    );
    const many = Object.fromEntries(Array.from({ length: ZIP_LIMITS.entries + 1 }, (_, i) => [`${i}.cod`, strToU8('x')]));
    expect(refusal('veel.zip', zipSync(many))).toMatch(/het zip-bestand pakt uit tot meer dan 500 bestanden/);
  });
});
