import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  BankFileError,
  bankFileMessages,
  currencyDecimals,
  formatMilli,
  movementCents,
  type BankMovement,
  type BankStatement,
} from './statement.js';

/**
 * A reader of CAMT.053 statements (ISO 20022 BankToCustomerStatement, camt.053.001.02 up to .08 and later: the
 * elements read here are in each; tests/unit/camt053.test.ts validates its files against the official schemas of
 * .02, .03, .04 and .08). What the schemas allow and banks do is read: an opening balance coded PRCD instead of
 * OPBD, a counterparty's domestic account (Othr) instead of an IBAN, a batch entry whose transactions each carry
 * their own amount and reference, a statement without entries. Refused as a whole, naming where: balances that do
 * not add up, an amount with more decimals than its currency, and XML that is not well-formed or not allowed
 * (a document type, so no entity of the file's own making is ever expanded; characters XML does not allow, also as
 * character references; entities other than XML's five).
 */

type Node = Record<string, unknown>;

const LISTS = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Values stay text: an IBAN or reference with leading zeros must not become a number.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => LISTS.has(name),
});

function refused(why?: string): BankFileError {
  return new BankFileError(why ? `${bankFileMessages.notCamt}: ${why}` : bankFileMessages.notCamt);
}

/** Whether the bytes are an XML document (so they are read as CAMT.053, not as CODA). */
export function looksLikeXml(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 64)).toString('utf8');
  return /^\uFEFF?\s*</.test(head);
}

const node = (value: unknown): Node | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : undefined;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map((v) => node(v) ?? {}) : []);

/** The text at a path of child elements (an element with attributes answers its text), or undefined. */
function text(from: unknown, ...path: string[]): string | undefined {
  let current: unknown = from;
  for (const step of path) current = node(current)?.[step];
  if (node(current) && typeof node(current)!['#text'] === 'string') current = node(current)!['#text'];
  if (typeof current === 'string') return current.trim();
  return undefined;
}

/** An attribute of the element at a path. */
const attribute = (from: unknown, name: string, ...path: string[]): string | undefined => {
  let current: unknown = from;
  for (const step of path) current = node(current)?.[step];
  const value = node(current)?.[`@_${name}`];
  return typeof value === 'string' ? value.trim() : undefined;
};

/** The five predefined XML entities and character references (checked to be XML characters before). */
function unescapeXml(value: string): string {
  return value.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[name]!;
  });
}

/** XML 1.0's Char: tab, LF, CR, and U+0020 up, without the surrogates, U+FFFE and U+FFFF. */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

const lineAt = (xml: string, index: number) => xml.slice(0, index).split('\n').length;

/**
 * The file's text: UTF-8 (with or without a byte order mark) unless its declaration names ISO-8859-1 or
 * windows-1252; bytes that are no UTF-8 are refused rather than replaced.
 */
function decode(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 200)).toString('latin1');
  const declared = /^(?:\xef\xbb\xbf)?\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'windows-1252') return new TextDecoder(declared).decode(bytes);
  if (declared !== undefined && declared !== 'utf-8' && declared !== 'utf8')
    throw refused(`de tekenset ${declared} wordt niet gelezen (UTF-8 of ISO-8859-1)`);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refused('het bestand is geen geldige UTF-8-tekst');
  }
}

/** What XML itself forbids, or what is not allowed here, refused before any parsing: nothing reaches the database from it. */
function checkXml(xml: string) {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw refused('een XML-bestand met een DOCTYPE of ENTITY wordt niet gelezen');
  const forbidden = NOT_XML_CHAR.exec(xml);
  if (forbidden) {
    const code = forbidden[0].codePointAt(0)!;
    throw refused(
      `regel ${lineAt(xml, forbidden.index)} heeft een teken dat XML niet toelaat (U+${code.toString(16).toUpperCase().padStart(4, '0')})`,
    );
  }
  for (const match of xml.matchAll(/&([^;&<\s]*);?/g)) {
    const [whole, name] = match as unknown as [string, string];
    const reference = /^#(\d+)$|^#x([0-9a-fA-F]+)$/.exec(name);
    const code = reference ? (reference[1] !== undefined ? Number(reference[1]) : parseInt(reference[2]!, 16)) : null;
    const valid = whole.endsWith(';') && (['lt', 'gt', 'amp', 'quot', 'apos'].includes(name) || (code !== null && isXmlChar(code)));
    if (!valid) throw refused(`regel ${lineAt(xml, match.index)} heeft een ongeldige verwijzing ${whole.slice(0, 20)}`);
  }
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw refused(`regel ${verdict.err.line} is geen goed gevormde XML`);
}

/** A decimal amount as in the schemas (at most 5 decimals) in thousandths; refused with more decimals than its currency has. */
function milliOf(value: string | undefined, currency: string, where: string): bigint {
  const match = value === undefined ? null : /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(value);
  if (!match) throw refused(`${where} heeft geen geldig bedrag`);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  const decimals = currencyDecimals(currency);
  if (fraction.length > decimals)
    throw new BankFileError(
      `${capitalise(where)}: het bedrag ${value} ${currency} heeft meer decimalen dan de munt ${currency} (${decimals}).`,
    );
  return BigInt(match[1]!) * 1000n + BigInt(fraction.padEnd(3, '0'));
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function isoDate(value: string | undefined): string | null {
  const match = value?.match(/^(\d{4}-\d{2}-\d{2})/);
  return match ? match[1]! : null;
}

const dateOf = (from: unknown): string | null => isoDate(text(from, 'Dt') ?? text(from, 'DtTm'));

export function parseCamt053(bytes: Uint8Array): BankStatement[] {
  const xml = decode(bytes);
  checkXml(xml);
  const document = node(node(parser.parse(xml))?.Document);
  const statements = list(node(document?.BkToCstmrStmt)?.Stmt);
  if (!document || statements.length === 0) throw refused();
  return statements.map((statement, index) => readStatement(statement, index + 1));
}

function readStatement(statement: Node, number: number): BankStatement {
  const where = `rekeninguittreksel ${number}`;
  const account = text(statement, 'Acct', 'Id', 'IBAN') ?? text(statement, 'Acct', 'Id', 'Othr', 'Id');
  if (!account) throw refused(`${where} heeft geen rekening`);
  const balances = list(statement.Bal);
  const currency = (text(statement, 'Acct', 'Ccy') ?? attribute(balances[0], 'Ccy', 'Amt') ?? 'EUR').toUpperCase();
  const balance = (code: string) => {
    const found = balances.find((b) => text(b, 'Tp', 'CdOrPrtry', 'Cd') === code);
    if (!found) return null;
    const milli = milliOf(text(found, 'Amt'), attribute(found, 'Ccy', 'Amt') ?? currency, `${where}, saldo ${code},`);
    return { milli: text(found, 'CdtDbtInd') === 'DBIT' ? -milli : milli, date: dateOf(found.Dt) };
  };
  // The opening balance: booked (OPBD), or the previous statement's closing balance (PRCD) as several banks send it.
  const opening = balance('OPBD') ?? balance('PRCD');
  const closing = balance('CLBD');

  const movements: BankMovement[] = [];
  let credits = 0n;
  let debits = 0n;
  list(statement.Ntry).forEach((entry, entryIndex) => {
    const entryWhere = `${where}, boeking ${entryIndex + 1}`;
    const status = text(entry, 'Sts') ?? text(entry, 'Sts', 'Cd');
    if (status !== undefined && status !== 'BOOK') return; // pending or information only: not (yet) on the account
    const indicator = text(entry, 'CdtDbtInd');
    if (indicator !== 'CRDT' && indicator !== 'DBIT') throw refused(`${entryWhere} is geen credit of debet`);
    const entryCurrency = attribute(entry, 'Ccy', 'Amt') ?? currency;
    const entryMilli = milliOf(text(entry, 'Amt'), entryCurrency, entryWhere);
    if (indicator === 'CRDT') credits += entryMilli;
    else debits += entryMilli;
    const transactions = list(entry.NtryDtls).flatMap((details) => list(details.TxDtls));
    const parts = transactions.length > 0 ? transactions : [{}];
    const batch = transactions.length > 1;
    let batchMilli = 0n;
    parts.forEach((tx, txIndex) => {
      const txWhere = batch ? `${entryWhere}, transactie ${txIndex + 1}` : entryWhere;
      // In a batch each transaction carries its own amount (.03 and later in TxDtls/Amt, .02 in AmtDtls/TxAmt/Amt).
      const amountPath = text(tx, 'Amt') !== undefined ? ['Amt'] : ['AmtDtls', 'TxAmt', 'Amt'];
      const txIndicator = (batch ? text(tx, 'CdtDbtInd') : undefined) ?? indicator;
      const milli = batch ? milliOf(text(tx, ...amountPath), attribute(tx, 'Ccy', ...amountPath) ?? entryCurrency, txWhere) : entryMilli;
      batchMilli += txIndicator === indicator ? milli : -milli;
      const credit = txIndicator === 'CRDT';
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
      const unstructured = Array.isArray(remittance?.Ustrd)
        ? (remittance.Ustrd as unknown[]).map((u) => (typeof u === 'string' ? u : text(u))).filter((u): u is string => u !== undefined)
        : [];
      movements.push({
        line: entryIndex + 1,
        bankReference: text(tx, 'Refs', 'AcctSvcrRef') ?? text(entry, 'AcctSvcrRef') ?? text(entry, 'NtryRef') ?? '',
        credit,
        amountCents: movementCents(milli, entryCurrency, capitalise(txWhere)),
        valueDate: dateOf(entry.ValDt),
        entryDate: dateOf(entry.BookgDt),
        structuredCommunication: structured ?? null,
        communication: unescapeXml([...unstructured, ...references.filter((r) => r.replace(/\D/g, '') !== structured)].join(' '))
          .replace(/\s+/g, ' ')
          .trim(),
        counterpartyAccount: counterpartyAccount ? counterpartyAccount.replace(/\s/g, '') : null,
        counterpartyName: name ? unescapeXml(name) : null,
      });
    });
    // A batch is booked per transaction: together they are the entry, or the file is refused.
    if (batch && batchMilli !== entryMilli) {
      throw new BankFileError(
        `${capitalise(entryWhere)}: de transacties (${formatMilli(batchMilli, entryCurrency)}) tellen niet op tot het bedrag van de boeking (${formatMilli(entryMilli, entryCurrency)}).`,
      );
    }
  });

  if (opening && closing && opening.milli + credits - debits !== closing.milli) {
    throw new BankFileError(
      `Rekeninguittreksel ${number}: het eindsaldo (${formatMilli(closing.milli, currency)}) is niet het beginsaldo plus de boekingen (${formatMilli(opening.milli + credits - debits, currency)}).`,
    );
  }
  const date = closing?.date ?? isoDate(text(statement, 'CreDtTm')) ?? isoDate(text(statement, 'FrToDt', 'ToDtTm'));
  if (!date) throw refused(`${where} heeft geen datum`);
  return {
    account: account.replace(/\s/g, ''),
    currency,
    date,
    sequence: text(statement, 'LglSeqNb') ?? text(statement, 'ElctrncSeqNb') ?? text(statement, 'Id') ?? String(number),
    oldBalanceCents: opening ? Math.round(Number(opening.milli) / 10) : null,
    newBalanceCents: closing ? Math.round(Number(closing.milli) / 10) : null,
    holderName: unescapeXml(text(statement, 'Acct', 'Ownr', 'Nm') ?? ''),
    movements,
    messages: [],
  };
}
