import { useMemo, type ReactNode } from 'react';
import { monitorPayload, type MonitorRecord } from '@common/schemas/monitors.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useSchemaForm } from '../../../components/form.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { MonitorFields } from './MonitorFields.js';
import { cardValues, monitorFormValues, type MonitorCardSpec, type MonitorFieldName } from './monitor-fields.js';
import { useMonitorSave } from './useMonitorSave.js';

/**
 * A card of an existing monitor that saves on its own: its fields are checked with their rules of the
 * monitor schema, and the server gets the whole monitor as saved with this card's fields changed
 * (the API takes the full object), so unsaved edits in another card are not sent along. Afterwards
 * the card starts again from what the server saved.
 */
export function MonitorCardForm({ monitor, card, children }: { monitor: MonitorRecord; card: MonitorCardSpec; children?: ReactNode }) {
  const schema = useMemo(
    () => monitorPayload.pick(Object.fromEntries(card.fields.map(({ name }) => [name, true])) as { [K in MonitorFieldName]?: true }),
    [card],
  );
  const form = useSchemaForm(schema, cardValues(card, monitorFormValues(monitor)));
  const { state, error, save } = useMonitorSave(form);
  const onSubmit = form.handleSubmit((values) =>
    save({ ...monitor, ...values }, (saved) => form.reset(cardValues(card, monitorFormValues(saved)))),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard title={card.title} footer={<SaveButton state={state} />}>
        {children}
        <MonitorFields form={form} card={card} />
        <ErrorAlert message={error} className="mb-0" />
      </SectionCard>
    </form>
  );
}
