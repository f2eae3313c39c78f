import { create } from 'xmlbuilder2';
import type { Cents } from '@common/money.js';

/**
 * A SEPA credit-transfer initiation, ISO 20022 pain.001.001.03, as Belgian banks take it in their online
 * banking upload (Febelfin's implementation guidelines): one payment block from the organiser's account,
 * service level SEPA, charges shared (SLEV), one transaction per refund with the reference as its
 * end-to-end id and in the remittance text.
 */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic: string | null;
}

export interface SepaTransfer {
  endToEndId: string;
  amountCents: Cents;
  creditorName: string;
  creditorIban: string;
  remittance: string;
}

export interface SepaFile {
  messageId: string;
  /** The moment the file is made (ISO, UTC). */
  createdAt: Date;
  /** The day the bank should execute it (YYYY-MM-DD). */
  executionDate: string;
  debtor: SepaDebtor;
  transfers: SepaTransfer[];
}

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

/**
 * SEPA's character set is the Latin basic set: letters, digits and / - ? : ( ) . , ' + and space. Accents
 * lose their mark (é → e), anything else becomes a space, and the text is cut to the field's length.
 */
export function sepaText(text: string, max: number): string {
  const latin = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return latin.slice(0, max).trim() || '-';
}

const amount = (cents: Cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** ISODateTime without fractions or zone: the form every Belgian bank's upload accepts. */
const creationMoment = (date: Date) => date.toISOString().slice(0, 19);
const compactIban = (iban: string) => iban.replace(/\s/g, '').toUpperCase();

/** The file as UTF-8 XML text. */
export function buildPain001(file: SepaFile): string {
  if (file.transfers.length === 0) throw new Error('a SEPA file needs at least one transfer');
  const total = file.transfers.reduce((sum, t) => sum + t.amountCents, 0);
  const count = String(file.transfers.length);
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(PAIN_001_NAMESPACE, 'Document');
  const root = doc.ele('CstmrCdtTrfInitn');
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(sepaText(file.messageId, 35));
  header.ele('CreDtTm').txt(creationMoment(file.createdAt));
  header.ele('NbOfTxs').txt(count);
  header.ele('CtrlSum').txt(amount(total));
  header.ele('InitgPty').ele('Nm').txt(sepaText(file.debtor.name, 70));

  const block = root.ele('PmtInf');
  block.ele('PmtInfId').txt(sepaText(`${file.messageId}-1`, 35));
  block.ele('PmtMtd').txt('TRF');
  block.ele('BtchBookg').txt('false');
  block.ele('NbOfTxs').txt(count);
  block.ele('CtrlSum').txt(amount(total));
  block.ele('PmtTpInf').ele('SvcLvl').ele('Cd').txt('SEPA');
  block.ele('ReqdExctnDt').txt(file.executionDate);
  block.ele('Dbtr').ele('Nm').txt(sepaText(file.debtor.name, 70));
  block.ele('DbtrAcct').ele('Id').ele('IBAN').txt(compactIban(file.debtor.iban));
  const agent = block.ele('DbtrAgt').ele('FinInstnId');
  if (file.debtor.bic) agent.ele('BIC').txt(file.debtor.bic.replace(/\s/g, '').toUpperCase());
  else agent.ele('Othr').ele('Id').txt('NOTPROVIDED');
  block.ele('ChrgBr').txt('SLEV');

  for (const transfer of file.transfers) {
    const tx = block.ele('CdtTrfTxInf');
    tx.ele('PmtId').ele('EndToEndId').txt(sepaText(transfer.endToEndId, 35));
    tx.ele('Amt').ele('InstdAmt', { Ccy: 'EUR' }).txt(amount(transfer.amountCents));
    tx.ele('Cdtr').ele('Nm').txt(sepaText(transfer.creditorName, 70));
    tx.ele('CdtrAcct').ele('Id').ele('IBAN').txt(compactIban(transfer.creditorIban));
    tx.ele('RmtInf').ele('Ustrd').txt(sepaText(transfer.remittance, 140));
  }
  return doc.end({ prettyPrint: true });
}
