import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import type { FiscalAttestChildRow } from '@common/schemas/attests.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { refusalMessage } from '../../components/server-field-errors.js';
import { useUnsavedChanges } from '../../components/unsaved-changes.js';
import { api } from '../../lib/api-client.js';
import { callQuery } from '../../lib/queries.js';
import { RequiredMark } from '../../components/TextInput.js';

/** The form holds text as typed; the server's schema judges it (a refusal comes back as its Dutch message). */
interface DebtorValues {
  FIRSTNAME: string;
  LASTNAME: string;
  NATIONALNR: string;
  STREET: string;
  POSTALCODE: string;
  CITY: string;
  COUNTRY: string;
  SHARE_PERCENT: string;
}
interface AttestChildValues {
  SEVERE_DISABILITY: boolean;
  DEBTORS: DebtorValues[];
}

/** The debtors an attest may name (Belcotax: one form per debtor; the schema allows four). */
const MAX_DEBTORS = 4;

const debtorFields: { name: keyof DebtorValues; label: string }[] = [
  { name: 'FIRSTNAME', label: 'Voornaam' },
  { name: 'LASTNAME', label: 'Naam' },
  { name: 'NATIONALNR', label: 'Rijksregisternummer' },
  { name: 'STREET', label: 'Straat en huisnummer' },
  { name: 'POSTALCODE', label: 'Postcode' },
  { name: 'CITY', label: 'Gemeente' },
  { name: 'COUNTRY', label: 'Land' },
  { name: 'SHARE_PERCENT', label: 'Aandeel (%)' },
];

const emptyDebtor: DebtorValues = {
  FIRSTNAME: '',
  LASTNAME: '',
  NATIONALNR: '',
  STREET: '',
  POSTALCODE: '',
  CITY: '',
  COUNTRY: 'België',
  SHARE_PERCENT: '',
};

interface AttestChildModalProps {
  child: FiscalAttestChildRow | null;
  year: number;
  onClose: () => void;
}

/** 'Attestgegevens': a child's debtors (who paid, with their share) and the severe-disability flag for one income year. */
export function AttestChildModal({ child, year, onClose }: AttestChildModalProps) {
  const name = child ? `${child.SUBSCRIBER_FIRSTNAME} ${child.SUBSCRIBER_LASTNAME}` : '';
  return (
    <Modal show={child !== null} onHide={onClose} size="lg" aria-labelledby="attest-child-title">
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title as="h2" className="h5" id="attest-child-title">
          Attestgegevens {name} ({year})
        </Modal.Title>
      </Modal.Header>
      {child && <AttestChildForm subscriberId={child.SUBSCRIBER_ID} year={year} onClose={onClose} />}
    </Modal>
  );
}

function AttestChildForm({ subscriberId, year, onClose }: { subscriberId: number; year: number; onClose: () => void }) {
  const detail = useQuery({ ...callQuery('getFiscalAttestChild', { subscriberId, year }), gcTime: 0 });
  if (detail.isPending)
    return (
      <Modal.Body>
        <LoadingLine />
      </Modal.Body>
    );
  if (detail.isError)
    return (
      <Modal.Body>
        <ErrorAlert message={refusalMessage(detail.error)} className="mb-0" />
      </Modal.Body>
    );
  const values: AttestChildValues = {
    SEVERE_DISABILITY: detail.data.SEVERE_DISABILITY,
    DEBTORS: detail.data.DEBTORS.map((d) => ({ ...d, NATIONALNR: d.NATIONALNR ?? '', SHARE_PERCENT: String(d.SHARE_PERCENT) })),
  };
  return <LoadedForm subscriberId={subscriberId} year={year} values={values} ownDebtors={detail.data.OWN_DEBTORS} onClose={onClose} />;
}

function LoadedForm({
  subscriberId,
  year,
  values,
  ownDebtors,
  onClose,
}: {
  subscriberId: number;
  year: number;
  values: AttestChildValues;
  ownDebtors: boolean;
  onClose: () => void;
}) {
  const form = useForm<AttestChildValues>({ defaultValues: values });
  const debtors = useFieldArray({ control: form.control, name: 'DEBTORS' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(form.formState.isDirty);

  /** Saves the flag with these debtors, or with none of the child's own (null): the attest then follows the parent's data. */
  const store = async (severeDisability: boolean, debtorList: DebtorValues[] | null) => {
    setError(null);
    setSaving(true);
    try {
      await api.call('saveFiscalAttestChild', {
        SUBSCRIBER_ID: subscriberId,
        year,
        SEVERE_DISABILITY: severeDisability,
        DEBTORS: debtorList,
      });
      onClose();
    } catch (failure) {
      setError(refusalMessage(failure) ?? 'Opslaan mislukt, probeer opnieuw.');
    } finally {
      setSaving(false);
    }
  };
  const save = form.handleSubmit((v) => {
    // Untouched debtors of a child without its own stay 'the parent': the attest follows the parent's data.
    const keepParent = !ownDebtors && !form.formState.dirtyFields.DEBTORS && v.DEBTORS.length === values.DEBTORS.length;
    return store(v.SEVERE_DISABILITY, keepParent ? null : v.DEBTORS);
  });

  return (
    <Form noValidate onSubmit={(e) => void save(e)}>
      <Modal.Body>
        <Form.Check
          id="attest-severe-disability"
          className="mb-3"
          label="Ernstige handicap (de dagen tot 21 jaar tellen)"
          {...form.register('SEVERE_DISABILITY')}
        />
        {debtors.fields.map((field, index) => (
          <DebtorFieldset
            key={field.id}
            form={form}
            index={index}
            onRemove={debtors.fields.length > 1 ? () => debtors.remove(index) : undefined}
          />
        ))}
        {debtors.fields.length < MAX_DEBTORS && (
          <Button variant="outline-secondary" size="sm" onClick={() => debtors.append(emptyDebtor)}>
            Schuldenaar toevoegen
          </Button>
        )}
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        {ownDebtors && (
          <Button
            variant="outline-secondary"
            className="me-auto"
            disabled={saving}
            onClick={() => void store(form.getValues('SEVERE_DISABILITY'), null)}
          >
            Gegevens van de ouder gebruiken
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          Annuleren
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Bezig…' : 'Opslaan'}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

function DebtorFieldset({ form, index, onRemove }: { form: UseFormReturn<AttestChildValues>; index: number; onRemove?: () => void }) {
  const legend = `Schuldenaar ${index + 1}`;
  return (
    <fieldset className="border rounded p-2 mb-3">
      <legend className="h6">{legend}</legend>
      <div className="row g-2">
        {debtorFields.map(({ name, label }) => {
          const id = `debtor-${index}-${name}`;
          return (
            <Form.Group key={name} className="col-md-6" controlId={id}>
              <Form.Label>
                {label}
                <RequiredMark />
              </Form.Label>
              <Form.Control inputMode={name === 'SHARE_PERCENT' ? 'numeric' : undefined} {...form.register(`DEBTORS.${index}.${name}`)} />
            </Form.Group>
          );
        })}
      </div>
      {onRemove && (
        <Button variant="outline-danger" size="sm" className="mt-2" onClick={onRemove} aria-label={`${legend} verwijderen`}>
          Verwijderen
        </Button>
      )}
    </fieldset>
  );
}
