import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readStatementFile, ZIP_LIMITS } from '../../server/src/features/bank/files.js';
import { statementFileRefusal } from '../helpers/statement-files.js';
import { camtFile } from '../helpers/camt-writer.js';
import { codaFile } from '../helpers/coda-writer.js';

const NOT_CODA = 'Dit is geen geldig CODA-bestand';

const refusal = statementFileRefusal;

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
