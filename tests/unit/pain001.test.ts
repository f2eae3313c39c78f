import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildPain001, sepaText } from '../../server/src/features/refunds/pain001.js';
import { schemaErrors } from '../helpers/sepa.js';

const file = {
  messageId: 'KB-TERUG-20260801100000',
  createdAt: new Date('2026-08-01T10:00:00.000Z'),
  executionDate: '2026-08-01',
  debtor: { name: 'Sportkampen Zuiderkempen vzw', iban: 'BE71 0961 2345 6769', bic: 'GKCCBEBB' },
  transfers: [
    {
      endToEndId: 'KB2026-000001',
      amountCents: 2000,
      creditorName: 'Sofie Peeters',
      creditorIban: 'BE68539007547034',
      remittance: 'Terugbetaling KB2026-000001 Emma Peeters',
    },
    {
      endToEndId: 'KB2026-000002',
      amountCents: 12_505,
      creditorName: 'Zoë Çelik & Jan',
      creditorIban: 'NL91ABNA0417164300',
      remittance: 'Terugbetaling KB2026-000002 Noë Çelik',
    },
  ],
};

describe('SEPA credit transfer file (pain.001.001.03)', () => {
  it('is valid against the ISO 20022 schema, with its transaction count and control sum', () => {
    const xml = buildPain001(file);
    expect(schemaErrors(xml)).toBeNull();
    const document = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml).Document;
    expect(document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const header = document.CstmrCdtTrfInitn.GrpHdr;
    expect(header.NbOfTxs).toBe('2');
    expect(header.CtrlSum).toBe('145.05');
    const block = document.CstmrCdtTrfInitn.PmtInf;
    expect(block.NbOfTxs).toBe('2');
    expect(block.CtrlSum).toBe('145.05');
    expect(block.DbtrAcct.Id.IBAN).toBe('BE71096123456769');
    expect(block.DbtrAgt.FinInstnId.BIC).toBe('GKCCBEBB');
    expect(block.PmtTpInf.SvcLvl.Cd).toBe('SEPA');
    expect(block.ChrgBr).toBe('SLEV');
    const [first, second] = block.CdtTrfTxInf;
    expect(first.Amt.InstdAmt['#text']).toBe('20.00');
    expect(first.Amt.InstdAmt['@_Ccy']).toBe('EUR');
    expect(first.CdtrAcct.Id.IBAN).toBe('BE68539007547034');
    expect(first.RmtInf.Ustrd).toBe('Terugbetaling KB2026-000001 Emma Peeters');
    expect(second.Cdtr.Nm).toBe('Zoe Celik Jan');
    expect(second.PmtId.EndToEndId).toBe('KB2026-000002');
  });

  it('without a BIC names the debtor agent NOTPROVIDED, and stays valid', () => {
    const xml = buildPain001({ ...file, debtor: { ...file.debtor, bic: null } });
    expect(schemaErrors(xml)).toBeNull();
    expect(xml).toContain('<Othr>\n            <Id>NOTPROVIDED</Id>');
  });

  it('the schema check itself refuses a file that breaks it', () => {
    const broken = buildPain001(file).replace('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>twee</NbOfTxs>');
    expect(schemaErrors(broken)).toMatch(/NbOfTxs/);
  });

  it('keeps text within SEPA’s Latin character set and the field length', () => {
    expect(sepaText('Noë Çelik & Zoë <b>', 70)).toBe('Noe Celik Zoe b');
    expect(sepaText('x'.repeat(200), 140)).toHaveLength(140);
    expect(sepaText('&&&', 70)).toBe('-');
  });
});
