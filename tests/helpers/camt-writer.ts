/** Writes CAMT.053 statements (ISO 20022, camt.053.001.08) for the tests: entries with one or more transactions. */

export interface CamtTransactionSpec {
  amountCents: number;
  /** CdtrRefInf/Ref, as the bank passes it on (with or without +++ and slashes). */
  reference?: string;
  unstructured?: string;
  name?: string;
  iban?: string;
}

export interface CamtEntrySpec {
  credit: boolean;
  transactions: CamtTransactionSpec[];
  status?: 'BOOK' | 'PDNG';
  bookingDate?: string;
  valueDate?: string;
  reference?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const euro = (cents: number) => (Math.abs(cents) / 100).toFixed(2);

export function camtFile(options: {
  iban?: string;
  date?: string;
  sequence?: string;
  openingCents?: number;
  closingCents?: number;
  entries: CamtEntrySpec[];
}): Buffer {
  const date = options.date ?? '2026-07-15';
  const opening = options.openingCents ?? 100000;
  const booked = options.entries.filter((e) => (e.status ?? 'BOOK') === 'BOOK');
  const closing =
    options.closingCents ??
    booked.reduce((sum, e) => sum + (e.credit ? 1 : -1) * e.transactions.reduce((s, t) => s + t.amountCents, 0), opening);
  const balance = (code: string, cents: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${euro(cents)}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = options.entries
    .map((entry, i) => {
      const total = entry.transactions.reduce((s, t) => s + t.amountCents, 0);
      const party = entry.credit ? 'Dbtr' : 'Cdtr';
      const transactions = entry.transactions
        .map(
          (t, j) => `<TxDtls><Refs><AcctSvcrRef>TX${i}-${j}</AcctSvcrRef></Refs><Amt Ccy="EUR">${euro(t.amountCents)}</Amt>
            <RltdPties><${party}><Pty><Nm>${escape(t.name ?? 'Onbekend')}</Nm></Pty></${party}><${party}Acct><Id><IBAN>${t.iban ?? 'BE68539007547034'}</IBAN></Id></${party}Acct></RltdPties>
            <RmtInf>${t.unstructured !== undefined ? `<Ustrd>${escape(t.unstructured)}</Ustrd>` : ''}${
              t.reference !== undefined
                ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${escape(t.reference)}</Ref></CdtrRefInf></Strd>`
                : ''
            }</RmtInf></TxDtls>`,
        )
        .join('');
      return `<Ntry><NtryRef>${entry.reference ?? `N${i}`}</NtryRef><Amt Ccy="EUR">${euro(total)}</Amt><CdtDbtInd>${entry.credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>
        <Sts><Cd>${entry.status ?? 'BOOK'}</Cd></Sts><BookgDt><Dt>${entry.bookingDate ?? date}</Dt></BookgDt><ValDt><Dt>${entry.valueDate ?? date}</Dt></ValDt>
        <AcctSvcrRef>ACC${i}</AcctSvcrRef><BkTxCd/><NtryDtls>${transactions}</NtryDtls></Ntry>`;
    })
    .join('\n');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG1</MsgId><CreDtTm>${date}T08:00:00</CreDtTm></GrpHdr>
    <Stmt><Id>STMT1</Id><ElctrncSeqNb>${options.sequence ?? '7'}</ElctrncSeqNb><CreDtTm>${date}T08:00:00</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? 'BE71096123456769'}</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>VZW Kampen</Nm></Ownr></Acct>
      ${balance('OPBD', opening)}${balance('CLBD', closing)}
      ${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`,
    'utf8',
  );
}
