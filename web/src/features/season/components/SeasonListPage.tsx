import { useId, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { failureMessages } from '@common/messages.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { TextField, useSchemaForm } from '../../../components/form.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { withServerFieldErrors } from '../../../components/server-field-errors.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';
import { ApiError } from '../../../lib/api-client.js';
import { useCrud, type CrudCall } from '../api/season-api.js';

export interface ListField<V> {
  name: Path<V & FieldValues> & string;
  label: string;
  type?: string;
  textarea?: boolean;
  required?: boolean;
  hint?: ReactNode;
}

export interface ListColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
}

interface SeasonListPageProps<R, S extends z.ZodType<any, any>> {
  title: string;
  /** 'Locatie', 'Periode', …: names the modal ('Locatie toevoegen', 'Locatie wijzigen'). */
  noun: string;
  rows: { data?: R[]; isPending: boolean; isError: boolean };
  loadError: string;
  rowId: (row: R) => number;
  rowName: (row: R) => string;
  columns: ListColumn<R>[];
  schema: S;
  crudPath: CrudCall;
  idField: string;
  newValues: DefaultValues<z.input<S>>;
  valuesOf: (row: R) => DefaultValues<z.input<S>>;
  fields: ListField<z.input<S>>[];
  /** Shown above the table (the camp year of the periods, say). */
  intro?: ReactNode;
  /** Turns the form's values into the call's body (a local date and time into an ISO timestamp). */
  toBody?: (values: z.output<S>) => object;
}

/**
 * One admin list of issue 17: a table with 'Wijzigen' and 'Verwijderen' per row and an add button; the
 * form opens in a dialog, validated with the list's schema of common/; a refused delete shows the server's
 * reason (how many camps use it).
 */
export function SeasonListPage<R, S extends z.ZodType<any, any>>(props: SeasonListPageProps<R, S>) {
  const [editing, setEditing] = useState<{ row?: R } | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const crud = useCrud<Record<string, unknown>>(props.crudPath);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await crud.mutateAsync({ action: 'delete', [props.idField]: props.rowId(deleting) });
      setDeleting(null);
    } catch (error) {
      setDeleteError(error instanceof ApiError && error.code === 'CONFLICT' ? error.message : failureMessages.deleteMonitor);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0">{props.title}</h1>
        <Button size="sm" onClick={() => setEditing({})}>
          {props.noun} toevoegen
        </Button>
      </div>
      {props.intro}
      {props.rows.isPending ? (
        <LoadingLine />
      ) : props.rows.isError ? (
        <ErrorAlert message={props.loadError} />
      ) : (
        <Table responsive size="sm" className="align-middle">
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c.header} scope="col">
                  {c.header}
                </th>
              ))}
              <th scope="col">Acties</th>
            </tr>
          </thead>
          <tbody>
            {(props.rows.data ?? []).map((row) => (
              <tr key={props.rowId(row)}>
                {props.columns.map((c) => (
                  <td key={c.header}>{c.cell(row)}</td>
                ))}
                <td className="text-nowrap">
                  <Button variant="outline-primary" size="sm" className="me-2" onClick={() => setEditing({ row })}>
                    Wijzigen
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    onClick={() => {
                      setDeleteError(null);
                      setDeleting(row);
                    }}
                  >
                    Verwijderen
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {editing && (
        <ListItemModal
          {...props}
          row={editing.row}
          onClose={() => setEditing(null)}
          save={(body) => crud.mutateAsync(editing.row ? { ...body, [props.idField]: props.rowId(editing.row) } : body)}
        />
      )}
      <ConfirmModal
        show={deleting !== null}
        title={`${props.noun} verwijderen`}
        confirmLabel="Verwijderen"
        confirmVariant="danger"
        pending={crud.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting && `'${props.rowName(deleting)}' verwijderen?`}
      </ConfirmModal>
    </>
  );
}

function ListItemModal<R, S extends z.ZodType<any, any>>(
  props: SeasonListPageProps<R, S> & { row?: R; onClose: () => void; save: (body: Record<string, unknown>) => Promise<unknown> },
) {
  const titleId = useId();
  const form = useSchemaForm(props.schema, props.row ? props.valuesOf(props.row) : props.newValues);
  // A save the server refuses for what it would do to other records (a period whose camps cannot follow its new
  // dates) says why beside the failure message: the save cycle adds a refusal's explanation (issue 39).
  const cycle = useSaveCycle(failureMessages.save);
  const onSubmit = form.handleSubmit((values) =>
    cycle.run(
      () => withServerFieldErrors(form, props.save((props.toBody ? props.toBody(values) : values) as Record<string, unknown>)),
      () => setTimeout(props.onClose, 400),
    ),
  );
  return (
    <Modal show onHide={props.onClose} centered aria-labelledby={titleId}>
      <form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton closeLabel="Sluiten">
          <Modal.Title as="h2" className="h5" id={titleId}>
            {props.noun} {props.row ? 'wijzigen' : 'toevoegen'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert message={cycle.error} />
          {props.fields.map((f) => (
            <TextField
              key={f.name}
              form={form}
              name={f.name as never}
              label={f.label}
              type={f.type}
              as={f.textarea ? 'textarea' : undefined}
              rows={f.textarea ? 2 : undefined}
              required={f.required}
              hint={f.hint}
            />
          ))}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onClose}>
            Annuleren
          </Button>
          <SaveButton state={cycle.state} />
        </Modal.Footer>
      </form>
    </Modal>
  );
}
