import Alert from 'react-bootstrap/Alert';
import type { ImportResult } from '@common/schemas/bank.js';
import { ImportCounts, StatementList } from './StatementSummary.js';

/** The result of the upload just done, one block per file. */
export function ImportResults({ results }: { results: ImportResult[] }) {
  return (
    <section aria-label="Resultaat van de import" className="mb-4">
      {results.map((r) => (
        <Alert key={r.importId} variant={r.unmatched > 0 ? 'warning' : 'success'} data-testid="import-result">
          <h3 className="h6">{r.fileName}</h3>
          <StatementList statements={r.statements} />
          <ImportCounts result={r} />
        </Alert>
      ))}
    </section>
  );
}
