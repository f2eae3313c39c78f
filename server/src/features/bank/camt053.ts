import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { formatEuro } from '@common/money.js';
import { BankFileError, bankFileMessages, type BankMovement, type BankStatement } from './statement.js';

/**
 * A reader of CAMT.053 statements (ISO 20022 BankToCustomerStatement, the versions Belgian banks
 * offer: 001.02 up to 001.13 share the elements read here). A document type declaration is refused
 * before parsing, so no entity of the file's own making (XXE, billion laughs) is ever expanded.
 */

type Node = Record<string, unknown>;

const LISTS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  // Values stay text: an IBAN or reference with leading zeros must not become a number.
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => LISTS.has(name),
});

function refused(why?: string): BankFileError {
  return new BankFileError(why ? `${bankFileMessages.notCoda}: ${why}` : bankFileMessages.notCoda);
}

/** Whether the bytes are an XML document (so they are read as CAMT.053, not as CODA). */
export function looksLikeXml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('utf8');
  return /^\uFEFF?\s*</.test(head);
}

const node = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map((v) => node(v) ?? {}) : []);

/** The text at a path of child elements, or undefined. */
function text(from: unknown, ...path: string[]): string | undefined {
  let current: unknown = from;
  for (const step of path) current = node(current)?.[step];
  if (typeof current === 'string') return current.trim();
  return undefined;
}

/** The five predefined XML entities (the only ones a CAMT file may use) and character references. */
function unescapeXml(value: string): string {
  return value.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name]!;
  });
}

function cents(value: string | undefined, where: string): number {
  if (value === undefined || !/^\d+(\.\d{1,5})?$/.test(value)) throw refused(`${where} heeft geen geldig bedrag`);
  return Math.round(Number(value) * 100);
}

function isoDate(value: string | undefined): string | null {
  const match = value?.match(/^(\d{4}-\d{2}-\d{2})/);
  return match ? match[1]! : null;
}

const dateOf = (from: unknown): string | null => isoDate(text(from, 'Dt') ?? text(from, 'DtTm'));

export function parseCamt053(bytes: Uint8Array): BankStatement[] {
  const xml = new TextDecoder('utf-8').decode(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refused('een XML-bestand met een DOCTYPE of ENTITY wordt niet gelezen');
  if (XMLValidator.validate(xml) !== true) throw refused();
  const document = node(node(parser.parse(xml))?.Document);
  const statements = list(node(document?.BkToCstmrStmt)?.Stmt);
  if (!document || statements.length === 0) throw refused();
  return statements.map((statement, index) => readStatement(statement, index + 1));
}

function readStatement(statement: Node, number: number): BankStatement {
  const where = `rekeninguittreksel ${number}`;
  const account = text(statement, 'Acct', 'Id', 'IBAN') ?? text(statement, 'Acct', 'Id', 'Othr', 'Id');
  if (!account) throw refused(`${where} heeft geen rekening`);
  const balance = (code: string) => {
    const found = list(statement.Bal).find((b) => text(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (!found) return null;
    const amount = cents(text(found, 'Amt'), `${where}, saldo ${code},`);
    return { cents: text(found, 'CdtDbtInd') === 'DBIT' ? -amount : amount, date: dateOf(found.Dt) };
  };
  const opening = balance('OPBD') ?? balance('PRCD');
  const closing = balance('CLBD');

  const movements: BankMovement[] = [];
  let credits = 0;
  let debits = 0;
  list(statement.Ntry).forEach((entry, entryIndex) => {
    const entryWhere = `${where}, boeking ${entryIndex + 1},`;
    const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
    if (status !== undefined && status !== 'BOOK') return; // pending or information only: not (yet) on the account
    const credit = text(entry, 'CdtDbtInd') === 'CRDT';
    if (!credit && text(entry, 'CdtDbtInd') !== 'DBIT') throw refused(`${entryWhere} is geen credit of debet`);
    const amountCents = cents(text(entry, 'Amt'), entryWhere);
    if (credit) credits += amountCents;
    else debits += amountCents;
    const transactions = list(entry.NtryDtls).flatMap((details) => list(details.TxDtls));
    const parts = transactions.length > 0 ? transactions : [{}];
    for (const tx of parts) {
      const txAmount = text(tx, 'Amt') ?? text(tx, 'AmtDtls', 'TxAmt', 'Amt');
      const party = credit ? 'Dbtr' : 'Cdtr';
      const name = text(tx, 'RltdPties', party, 'Nm') ?? text(tx, 'RltdPties', party, 'Pty', 'Nm');
      const counterpartyAccount =
        text(tx, 'RltdPties', `${party}Acct`, 'Id', 'IBAN') ?? text(tx, 'RltdPties', `${party}Acct`, 'Id', 'Othr', 'Id');
      const remittance = node(tx.RmtInf);
      const references = list(remittance?.Strd)
        .map((s) => text(s, 'CdtrRefInf', 'Ref'))
        .filter((r): r is string => !!r);
      const structured = references
        .map((r) => r.replace(/\D/g, ''))
        .find((digits, i) => digits.length === 12 && /^[+\d\s/]+$/.test(references[i]!));
      const unstructured = Array.isArray(remittance?.Ustrd) ? (remittance.Ustrd as unknown[]).filter((u) => typeof u === 'string') : [];
      movements.push({
        line: entryIndex + 1,
        bankReference: text(tx, 'Refs', 'AcctSvcrRef') ?? text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef') ?? '',
        credit,
        amountCents: transactions.length > 1 ? cents(txAmount, entryWhere) : amountCents,
        valueDate: dateOf(entry.ValDt),
        entryDate: dateOf(entry.BookgDt),
        structuredCommunication: structured ?? null,
        communication: unescapeXml([...unstructured, ...references.filter((r) => r.replace(/\D/g, '') !== structured)].join(' '))
          .replace(/\s+/g, ' ')
          .trim(),
        counterpartyAccount: counterpartyAccount ? counterpartyAccount.replace(/\s/g, '') : null,
        counterpartyName: name ? unescapeXml(name) : null,
      });
    }
  });

  if (opening && closing && opening.cents + credits - debits !== closing.cents) {
    throw new BankFileError(
      `Rekeninguittreksel ${number}: het eindsaldo (${formatEuro(closing.cents / 100)}) is niet het beginsaldo plus de boekingen (${formatEuro((opening.cents + credits - debits) / 100)}).`,
    );
  }
  const date = closing?.date ?? isoDate(text(statement, 'CreDtTm')) ?? isoDate(text(statement, 'FrToDt', 'ToDtTm'));
  if (!date) throw refused(`${where} heeft geen datum`);
  return {
    account: account.replace(/\s/g, ''),
    currency: text(statement, 'Acct', 'Ccy') ?? 'EUR',
    date,
    sequence: text(statement, 'LglSeqNb') ?? text(statement, 'ElctrncSeqNb') ?? text(statement, 'Id') ?? String(number),
    oldBalanceCents: opening?.cents ?? null,
    newBalanceCents: closing?.cents ?? null,
    holderName: text(statement, 'Acct', 'Ownr', 'Nm') ?? '',
    movements,
    messages: [],
  };
}
