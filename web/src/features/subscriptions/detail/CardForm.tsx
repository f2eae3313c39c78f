import { useId, type FormEventHandler, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { SaveButton } from '../../../components/SaveButton.js';
import type { SaveState } from '../../../components/useSaveCycle.js';

interface CardFormProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  state: SaveState;
  error: string | null;
  children: ReactNode;
}

/** A card of the detail screen that saves on its own, with its own save button and failure alert. */
export function CardForm({ title, onSubmit, state, error, children }: CardFormProps) {
  const titleId = useId();
  return (
    <Card as="section" aria-labelledby={titleId} className="mb-3">
      <Card.Header>
        <h2 id={titleId} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      <form onSubmit={onSubmit} noValidate>
        <Card.Body>
          {children}
          <ErrorAlert message={error} className="mb-0" />
        </Card.Body>
        <Card.Footer className="text-end">
          <SaveButton state={state} />
        </Card.Footer>
      </form>
    </Card>
  );
}
