/**
 * Writes CAMT.053 statements (ISO 20022 BankToCustomerStatement) for the tests, in the versions banks send:
 * camt.053.001.02, .03, .04 and .08. Each file follows its version's schema (tests/fixtures/camt.053.001.0*.xsd, which
 * tests/unit/camt053.test.ts validates every variant against): the element order of each sequence, the entry status
 * as a code (.02–.04) or in Cd (.08), a party's name directly (.02–.04) or in Pty (.08), a transaction's own amount in
 * TxDtls/Amt with its CdtDbtInd (.03 and later) or in AmtDtls/TxAmt/Amt (.02).
 */

export type CamtVersion = '02' | '03' | '04' | '08';

export interface CamtTransactionSpec {
  amountCents: number;
  /** The amount as written, to write one the currency does not allow ('0.004'). */
  amountText?: string;
  /** CdtrRefInf/Ref, as the bank passes it on (with or without +++ and slashes). */
  reference?: string;
  unstructured?: string;
  name?: string;
  iban?: string;
  /** A domestic account number (Othr/Id) instead of an IBAN. */
  otherAccount?: string;
}

export interface CamtEntrySpec {
  credit: boolean;
  transactions: CamtTransactionSpec[];
  status?: 'BOOK' | 'PDNG' | 'INFO';
  bookingDate?: string;
  valueDate?: string;
  reference?: string;
  /** The entry's amount as written (else the sum of its transactions). */
  amountText?: string;
}

export interface CamtStatementSpec {
  iban?: string;
  currency?: string;
  date?: string;
  sequence?: string;
  openingCents?: number;
  /** The opening balance's code: OPBD (booked) or PRCD (the previous statement's closing balance), as some banks send it. */
  openingCode?: 'OPBD' | 'PRCD';
  closingCents?: number;
  entries: CamtEntrySpec[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const decimal = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

function statementXml(version: CamtVersion, options: CamtStatementSpec, index: number): string {
  const date = options.date ?? '2026-07-15';
  const currency = options.currency ?? 'EUR';
  const opening = options.openingCents ?? 100000;
  const booked = options.entries.filter((e) => (e.status ?? 'BOOK') === 'BOOK');
  const closing =
    options.closingCents ??
    booked.reduce((sum, e) => sum + (e.credit ? 1 : -1) * e.transactions.reduce((s, t) => s + t.amountCents, 0), opening);
  const amount = (cents: number, text?: string) => `<Amt Ccy="${currency}">${text ?? decimal(cents)}</Amt>`;
  const balance = (code: string, cents: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(cents)}<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const party = (role: 'Dbtr' | 'Cdtr', name: string) =>
    version === '08' ? `<${role}><Pty><Nm>${escape(name)}</Nm></Pty></${role}>` : `<${role}><Nm>${escape(name)}</Nm></${role}>`;
  const entries = options.entries
    .map((entry, i) => {
      const total = entry.transactions.reduce((s, t) => s + t.amountCents, 0);
      const indicator = entry.credit ? 'CRDT' : 'DBIT';
      const role = entry.credit ? 'Dbtr' : 'Cdtr';
      const transactions = entry.transactions
        .map((t, j) => {
          const own =
            version === '02'
              ? `<AmtDtls><TxAmt>${amount(t.amountCents, t.amountText)}</TxAmt></AmtDtls>`
              : `${amount(t.amountCents, t.amountText)}<CdtDbtInd>${indicator}</CdtDbtInd>`;
          const account =
            t.otherAccount !== undefined ? `<Othr><Id>${t.otherAccount}</Id></Othr>` : `<IBAN>${t.iban ?? 'BE68539007547034'}</IBAN>`;
          const remittance =
            (t.unstructured !== undefined ? `<Ustrd>${escape(t.unstructured)}</Ustrd>` : '') +
            (t.reference !== undefined
              ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${escape(t.reference)}</Ref></CdtrRefInf></Strd>`
              : '');
          return `
          <TxDtls>
            <Refs><AcctSvcrRef>TX${index}-${i}-${j}</AcctSvcrRef><EndToEndId>E2E-${i}-${j}</EndToEndId></Refs>
            ${own}
            <RltdPties>${party(role, t.name ?? 'Onbekend')}<${role}Acct><Id>${account}</Id></${role}Acct></RltdPties>
            ${remittance ? `<RmtInf>${remittance}</RmtInf>` : ''}
          </TxDtls>`;
        })
        .join('');
      const status = entry.status ?? 'BOOK';
      const batch = entry.transactions.length > 1 ? `<Btch><NbOfTxs>${entry.transactions.length}</NbOfTxs></Btch>` : '';
      return `
      <Ntry>
        <NtryRef>${entry.reference ?? `N${i}`}</NtryRef>
        ${amount(total, entry.amountText)}
        <CdtDbtInd>${indicator}</CdtDbtInd>
        ${version === '08' ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`}
        <BookgDt><Dt>${entry.bookingDate ?? date}</Dt></BookgDt>
        <ValDt><Dt>${entry.valueDate ?? date}</Dt></ValDt>
        <AcctSvcrRef>ACC${index}-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${batch}${transactions}</NtryDtls>
      </Ntry>`;
    })
    .join('');
  return `
    <Stmt>
      <Id>STMT${index + 1}</Id>
      <ElctrncSeqNb>${options.sequence ?? '7'}</ElctrncSeqNb>
      <CreDtTm>${date}T08:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? 'BE71096123456769'}</IBAN></Id><Ccy>${currency}</Ccy><Ownr><Nm>VZW Kampen</Nm></Ownr></Acct>
      ${balance(options.openingCode ?? 'OPBD', opening)}${balance('CLBD', closing)}${entries}
    </Stmt>`;
}

/** One statement, or several with `statements`, in the given version (.08 unless named). */
export function camtFile(options: CamtStatementSpec & { version?: CamtVersion; statements?: CamtStatementSpec[] }): Buffer {
  const version = options.version ?? '08';
  const statements = options.statements ?? [options];
  const date = statements[0]?.date ?? '2026-07-15';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG1</MsgId><CreDtTm>${date}T08:00:00</CreDtTm></GrpHdr>${statements.map((s, i) => statementXml(version, s, i)).join('')}
  </BkToCstmrStmt>
</Document>
`,
    'utf8',
  );
}
