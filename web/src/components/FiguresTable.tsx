import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

export interface FiguresRow {
  key: string | number;
  /** What the row counts: its heading for screen readers (`th scope="row"`). */
  heading: ReactNode;
  /** Text columns after the heading, left-aligned (under `labelHeadings`). */
  labels?: ReactNode[];
  /** One figure per column, right-aligned; a figure is usually a link into the list that makes it up. */
  figures: ReactNode[];
}

/**
 * A small table of figures: a heading column, then right-aligned figures under their column headings
 * (the dashboard's money, cancellations, discounts and the table alternatives of its charts).
 */
export function FiguresTable({
  headings,
  labelHeadings = [],
  rows,
  strongRowHeadings = false,
  className = 'mb-0',
  testId,
}: {
  /** The heading column's heading, then one per figure column. */
  headings: [ReactNode, ...ReactNode[]];
  /** Headings of the text columns between the heading column and the figures. */
  labelHeadings?: ReactNode[];
  rows: FiguresRow[];
  /** Row headings in bold, as the names of the figures rather than of items. */
  strongRowHeadings?: boolean;
  className?: string;
  testId?: string;
}) {
  const [first, ...figureHeadings] = headings;
  return (
    <Table size="sm" responsive className={className} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {labelHeadings.map((heading, i) => (
            <th key={i} scope="col">
              {heading}
            </th>
          ))}
          {figureHeadings.map((heading, i) => (
            <th key={i} scope="col" className="text-end">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={strongRowHeadings ? undefined : 'fw-normal'}>
              {row.heading}
            </th>
            {row.labels?.map((label, i) => (
              <td key={i}>{label}</td>
            ))}
            {row.figures.map((figure, i) => (
              <td key={i} className="text-end">
                {figure}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
