import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { GENDER_BOY, GENDER_GIRL } from '@common/constants.js';
import type { SubscriptionDetail } from '@common/schemas/subscriptions.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMayCall } from '../../../lib/may-call.js';
import { useCorrectSubscriber } from '../api/correct-subscriber.js';

interface Draft {
  gender: number;
  birthdate: string;
  /** A new national number; empty keeps the stored one unless `removeNumber`. */
  number: string;
  removeNumber: boolean;
  overAgeRange: boolean;
}

const draftOf = (detail: SubscriptionDetail): Draft => ({
  gender: detail.SUBSCRIBER_GENDER_ID === GENDER_GIRL ? GENDER_GIRL : GENDER_BOY,
  birthdate: detail.SUBSCRIBER_BIRTHDATE,
  number: '',
  removeNumber: false,
  overAgeRange: false,
});

/**
 * 'Gegevens corrigeren' (issue 39): a beheerder corrects a typo in the child's gender, birth date or national number,
 * which the card shows read-only (spec section 3). The server is the judge (check digits, the camps' birth years); a
 * birth year outside a booked camp's asks for 'Toch corrigeren (buiten leeftijd)'. Other roles see no button.
 */
export function CorrectChildButton({ detail }: { detail: SubscriptionDetail }) {
  const mayCorrect = useMayCall('correctSubscriber');
  const [show, setShow] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(detail));
  const correct = useCorrectSubscriber();
  if (!mayCorrect) return null;
  const failure = correct.error instanceof ApiError ? correct.error : null;
  const fieldError = (field: string) => failure?.fields?.[field];
  const ageRefused = failure?.code === 'AGE_OUT_OF_RANGE';
  const open = () => {
    setDraft(draftOf(detail));
    correct.reset();
    setShow(true);
  };
  const close = () => {
    setShow(false);
    correct.reset();
  };
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    if (!('overAgeRange' in patch)) correct.reset();
  };
  const confirm = () =>
    correct.mutate(
      {
        SUBSCRIBER_ID: detail.SUBSCRIBER_ID,
        SUBSCRIPTION_ID: detail.SUBSCRIPTION_ID,
        SUBSCRIBER_VERSION: detail.SUBSCRIBER_VERSION,
        SUBSCRIBER_GENDER_ID: draft.gender,
        SUBSCRIBER_BIRTHDATE: draft.birthdate,
        ...(draft.removeNumber ? { SUBSCRIBER_NATIONALNR: '' } : draft.number.trim() !== '' ? { SUBSCRIBER_NATIONALNR: draft.number } : {}),
        overAgeRange: draft.overAgeRange,
      },
      { onSuccess: close },
    );
  const stored = detail.SUBSCRIBER_NATIONALNR;
  return (
    <>
      <Button variant="outline-secondary" size="sm" onClick={open}>
        Gegevens corrigeren
      </Button>
      <ConfirmModal
        show={show}
        title="Gegevens van het kind corrigeren"
        confirmLabel="Correctie opslaan"
        cancelLabel="Terug"
        pending={correct.isPending}
        error={
          failure && !failure.fields ? failure.message : failure ? 'De correctie is niet opgeslagen: verbeter de velden hierboven.' : null
        }
        onConfirm={confirm}
        onCancel={close}
      >
        <p className="small">
          Verbeter hier een tikfout in het geslacht, de geboortedatum of het rijksregisternummer van {detail.SUBSCRIBER_FIRSTNAME}{' '}
          {detail.SUBSCRIBER_LASTNAME}. De correctie komt in de geschiedenis van het kind.
        </p>
        <Form.Group controlId="correct-gender" className="mb-2">
          <Form.Label>Geslacht</Form.Label>
          <Form.Select
            value={draft.gender}
            isInvalid={!!fieldError('SUBSCRIBER_GENDER_ID')}
            aria-invalid={!!fieldError('SUBSCRIBER_GENDER_ID')}
            aria-describedby={fieldError('SUBSCRIBER_GENDER_ID') ? 'correct-gender-error' : undefined}
            onChange={(e) => change({ gender: Number(e.target.value) })}
          >
            <option value={GENDER_BOY}>Jongen</option>
            <option value={GENDER_GIRL}>Meisje</option>
          </Form.Select>
          <Form.Control.Feedback type="invalid" id="correct-gender-error">
            {fieldError('SUBSCRIBER_GENDER_ID')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId="correct-birthdate" className="mb-2">
          <Form.Label>Geboortedatum</Form.Label>
          <Form.Control
            type="date"
            value={draft.birthdate}
            isInvalid={!!fieldError('SUBSCRIBER_BIRTHDATE')}
            aria-invalid={!!fieldError('SUBSCRIBER_BIRTHDATE')}
            aria-describedby={fieldError('SUBSCRIBER_BIRTHDATE') ? 'correct-birthdate-error' : undefined}
            onChange={(e) => change({ birthdate: e.target.value })}
          />
          <Form.Control.Feedback type="invalid" id="correct-birthdate-error">
            {fieldError('SUBSCRIBER_BIRTHDATE')}
          </Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId="correct-national-number" className="mb-2">
          <Form.Label>Nieuw rijksregisternummer</Form.Label>
          <Form.Control
            value={draft.number}
            disabled={draft.removeNumber}
            placeholder="00.00.00-000.00"
            inputMode="numeric"
            autoComplete="off"
            aria-describedby={
              fieldError('SUBSCRIBER_NATIONALNR')
                ? 'correct-national-number-error correct-national-number-help'
                : 'correct-national-number-help'
            }
            isInvalid={!!fieldError('SUBSCRIBER_NATIONALNR')}
            aria-invalid={!!fieldError('SUBSCRIBER_NATIONALNR')}
            onChange={(e) => change({ number: e.target.value })}
          />
          <Form.Control.Feedback type="invalid" id="correct-national-number-error">
            {fieldError('SUBSCRIBER_NATIONALNR')}
          </Form.Control.Feedback>
          <Form.Text id="correct-national-number-help">
            {stored
              ? `Laat dit veld leeg om het huidige nummer (${stored}) te behouden.`
              : 'Er is nog geen rijksregisternummer; laat dit veld leeg als je het niet kent.'}{' '}
            De controlecijfers worden nagekeken.
          </Form.Text>
          {stored && (
            <Form.Check
              id="correct-remove-national-number"
              className="mt-1"
              label="Rijksregisternummer wissen"
              checked={draft.removeNumber}
              onChange={(e) => change({ removeNumber: e.target.checked, number: '' })}
            />
          )}
        </Form.Group>
        {ageRefused && (
          <Form.Check
            id="correct-over-age-range"
            className="mb-2"
            label="Toch corrigeren (buiten leeftijd)"
            checked={draft.overAgeRange}
            onChange={(e) => change({ overAgeRange: e.target.checked })}
          />
        )}
        <p className="small text-body-secondary mb-0">
          De fiscale attesten van dit kind volgen de gecorrigeerde gegevens. Werd er al een Belcotax-bestand verstuurd, maak dan op Attesten
          het wijzigingsbestand.
        </p>
      </ConfirmModal>
    </>
  );
}
