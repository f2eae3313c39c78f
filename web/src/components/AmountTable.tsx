import Table from 'react-bootstrap/Table';
import { formatDate } from '@common/format.js';
import { Money } from './Money.js';

export interface AmountRow {
  key: number;
  /** An ISO date, shown as dd/mm/yyyy. */
  date: string | null;
  /** The two text columns between the date and the amount. */
  texts: [string, string];
  /** In euro. */
  amount: number;
}

/** A captioned list of dated amounts (payments, discounts): date, two text columns, the amount right-aligned. */
export function AmountTable({
  caption,
  headings,
  rows,
  testId,
}: {
  caption: string;
  /** The headings of the two text columns. */
  headings: [string, string];
  rows: AmountRow[];
  testId?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <Table size="sm" className="mb-3" data-testid={testId}>
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Datum</th>
          <th scope="col">{headings[0]}</th>
          <th scope="col">{headings[1]}</th>
          <th scope="col" className="text-end">
            Bedrag
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{formatDate(row.date)}</td>
            <td>{row.texts[0]}</td>
            <td>{row.texts[1]}</td>
            <td className="text-end">
              <Money euro={row.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
