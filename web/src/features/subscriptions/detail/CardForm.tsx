import type { FormEventHandler, ReactNode } from 'react';
import { SaveButton } from '../../../components/SaveButton.js';
import { SaveErrorAlert } from '../../../components/SaveErrorAlert.js';
import { SectionCard } from '../../../components/SectionCard.js';
import type { SaveState } from '../../../components/useSaveCycle.js';

interface CardFormProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  state: SaveState;
  error: string | null;
  /** The save was refused over a newer record: the alert offers `onReload`. */
  stale: boolean;
  onReload: () => Promise<unknown>;
  children: ReactNode;
}

/** A card of the detail screen that saves on its own, with its own save button and failure alert. */
export function CardForm({ title, onSubmit, state, error, stale, onReload, children }: CardFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard title={title} footer={<SaveButton state={state} />}>
        {children}
        <SaveErrorAlert message={error} stale={stale} onReload={onReload} className="mb-0" />
      </SectionCard>
    </form>
  );
}
