import type { FormEventHandler, ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { SectionCard } from '../../../components/SectionCard.js';
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
  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard title={title} footer={<SaveButton state={state} />}>
        {children}
        <ErrorAlert message={error} className="mb-0" />
      </SectionCard>
    </form>
  );
}
