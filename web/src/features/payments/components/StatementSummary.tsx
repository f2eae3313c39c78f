import { formatAccountNumber, formatDate } from '@common/format.js';
import type { ImportResult } from '@common/schemas/bank.js';

/** What an import held and did: its statements, then the counts of the result. */
export function StatementList({ statements }: { statements: ImportResult['statements'] }) {
  return (
    <ul className="list-unstyled mb-0">
      {statements.map((s, i) => (
        <li key={i}>
          Rekening {formatAccountNumber(s.account)}, uittreksel {s.sequence} van {formatDate(s.date)}
        </li>
      ))}
    </ul>
  );
}

export function ImportCounts({ result }: { result: ImportResult }) {
  return (
    <ul className="list-inline mb-0">
      <li className="list-inline-item">{result.movements} bewegingen</li>
      <li className="list-inline-item">{result.matched} gekoppeld</li>
      <li className="list-inline-item">{result.alreadyImported} al geïmporteerd</li>
      <li className="list-inline-item">{result.unmatched} te koppelen</li>
      <li className="list-inline-item">{result.ignoredDebits} uitgaande betalingen genegeerd</li>
    </ul>
  );
}
