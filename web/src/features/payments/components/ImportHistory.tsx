import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { formatDateTime } from '@common/format.js';
import type { BankImport } from '@common/schemas/bank.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { useBankImports } from '../api/get-bank-imports.js';
import { useUndoBankImport } from '../api/payment-actions.js';
import { ImportCounts, StatementList } from './StatementSummary.js';

/** Every import with its result; one that nobody changed by hand since can be undone as a whole. */
export function ImportHistory() {
  const imports = useBankImports();
  const undo = useUndoBankImport();
  const [asking, setAsking] = useState<BankImport | null>(null);

  if (imports.isPending) return <LoadingLine />;
  if (!imports.data || imports.data.length === 0) return <p>Nog geen imports.</p>;
  return (
    <>
      <Table responsive size="sm">
        <caption className="caption-top">Eerdere imports</caption>
        <thead>
          <tr>
            <th scope="col">Bestand</th>
            <th scope="col">Rekeninguittreksels</th>
            <th scope="col">Resultaat</th>
            <th scope="col">Geïmporteerd</th>
            <th scope="col">Acties</th>
          </tr>
        </thead>
        <tbody>
          {imports.data.map((i) => (
            <tr key={i.importId}>
              <td>{i.fileName}</td>
              <td>
                <StatementList statements={i.statements} />
              </td>
              <td>
                <ImportCounts result={i} />
              </td>
              <td>
                {formatDateTime(i.createdAt)}
                {i.adminEmail ? ` door ${i.adminEmail}` : ''}
              </td>
              <td>
                {i.undoneAt ? (
                  <span>Ongedaan gemaakt op {formatDateTime(i.undoneAt)}</span>
                ) : i.canUndo ? (
                  <Button size="sm" variant="outline-danger" onClick={() => setAsking(i)}>
                    Import ongedaan maken
                  </Button>
                ) : (
                  <span className="text-body-secondary">Met de hand gewijzigd</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmModal
        show={asking !== null}
        title="Import ongedaan maken"
        confirmLabel="Import ongedaan maken"
        cancelLabel="Terug"
        confirmVariant="danger"
        pending={undo.isPending}
        error={undo.error?.message}
        onCancel={() => {
          setAsking(null);
          undo.reset();
        }}
        onConfirm={() => asking && undo.mutate(asking.importId, { onSuccess: () => setAsking(null) })}
      >
        De betalingen van {asking?.fileName} worden verwijderd en de betaalde bedragen van hun inschrijvingen verminderd.
      </ConfirmModal>
    </>
  );
}
