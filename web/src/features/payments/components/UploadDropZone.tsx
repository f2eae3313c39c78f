import { useId, useState, type DragEvent } from 'react';
import type { ImportResult } from '@common/schemas/bank.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { Progress } from '../../../components/Progress.js';
import { useImportBankStatements } from '../api/import-bank-statements.js';

const ACCEPT = '.cod,.txt,.xml,.zip';

/**
 * Drop one or more statement files (CODA .cod/.txt, CAMT.053 .xml, or a .zip of them), or choose them.
 * The bar shows the upload, then that the server is processing what it received.
 */
export function UploadDropZone({ onImported }: { onImported: (results: ImportResult[]) => void }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [sent, setSent] = useState(0);
  const upload = useImportBankStatements(setSent);

  const start = (files: File[]) => {
    if (files.length === 0 || upload.isPending) return;
    setSent(0);
    upload.mutate(files, { onSuccess: (answer) => onImported(answer.imports) });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    start([...event.dataTransfer.files]);
  };

  const processing = upload.isPending && sent >= 1;
  return (
    <section aria-labelledby={`${inputId}-title`} className="mb-4">
      <h2 id={`${inputId}-title`} className="h5">
        Rekeninguittreksels importeren
      </h2>
      <div
        data-testid="drop-zone"
        className={`border border-2 rounded p-4 text-center ${dragging ? 'border-primary bg-primary-subtle' : 'border-secondary-subtle'}`}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={hintId} className="mb-2">
          Sleep CODA-bestanden (.cod, .txt), CAMT.053-bestanden (.xml) of een .zip ervan hierheen.
        </p>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          disabled={upload.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            start([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        {/* The label opens the file chooser and names the (visually hidden, still focusable) input. */}
        <label htmlFor={inputId} className={`btn btn-primary ${upload.isPending ? 'disabled' : ''}`}>
          Bestanden kiezen
        </label>
      </div>
      {upload.isPending && (
        <div className="mt-3">
          <Progress
            busy={processing}
            percent={Math.round(sent * 100)}
            label={processing ? 'Bestanden worden verwerkt' : 'Bestanden worden opgeladen'}
          />
        </div>
      )}
      <ErrorAlert message={upload.error?.message} className="mt-3" />
    </section>
  );
}
