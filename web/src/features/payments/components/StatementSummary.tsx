import { countText, formatAccountNumber, formatDate } from '@common/format.js';
import type { ImportResult } from '@common/schemas/bank.js';

/** What an import held and did: its statements, then the counts of the result. */
export function StatementList({ statements }: { statements: ImportResult['statements'] }) {
  return (
    <ul className="list-unstyled mb-0">
      {statements.map((s, i) => (
        <li key={i}>
          Rekening {formatAccountNumber(s.account)}, rekeninguittreksel {s.sequence} van {formatDate(s.date)}
          {s.currency && s.currency !== 'EUR' && ` (in ${s.currency}: niet geboekt)`}
        </li>
      ))}
    </ul>
  );
}

/** Movements of accounts in another currency than euro: read, never booked (the subscriptions are in euro). */
const otherCurrency = (result: ImportResult) =>
  result.statements.filter((s) => s.currency && s.currency !== 'EUR').reduce((sum, s) => sum + s.movements, 0);

export function ImportCounts({ result }: { result: ImportResult }) {
  const foreign = otherCurrency(result);
  return (
    <ul className="list-inline mb-0">
      <li className="list-inline-item">{countText(result.movements, 'beweging', 'bewegingen')}</li>
      <li className="list-inline-item">{result.matched} gekoppeld</li>
      <li className="list-inline-item">{result.alreadyImported} al geïmporteerd</li>
      <li className="list-inline-item">{result.unmatched} te koppelen</li>
      <li className="list-inline-item">{countText(result.ignoredDebits, 'uitgaande betaling', 'uitgaande betalingen')} genegeerd</li>
      {foreign > 0 && (
        <li className="list-inline-item">{countText(foreign, 'beweging', 'bewegingen')} in een andere munt dan euro niet geboekt</li>
      )}
    </ul>
  );
}
