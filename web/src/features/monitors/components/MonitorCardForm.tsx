import { useMemo, useState, type ReactNode } from 'react';
import { monitorNationalNumber, monitorPayload, type MonitorRecord } from '@common/schemas/monitors.js';
import { useSchemaForm } from '../../../components/form.js';
import { SaveButton } from '../../../components/SaveButton.js';
import { SaveErrorAlert } from '../../../components/SaveErrorAlert.js';
import { NationalNumberReveal } from '../../../components/NationalNumberField.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { useFollowRecord } from '../../../components/useFollowRecord.js';
import { useReloadMonitor } from '../api/get-monitor.js';
import { MonitorFields } from './MonitorFields.js';
import { cardValues, monitorFormValues, type MonitorCardSpec, type MonitorFieldName } from './monitor-fields.js';
import { useMonitorSave } from './useMonitorSave.js';

/** What the detail screen saved itself: a card may save from the version another card's save of this screen made. */
export interface OwnSaves {
  /** The version a card's edits may be saved over: its own, or what this screen's own saves made of it. */
  current(version: number): number;
  /** A card of this screen saved `from` into `to`, changing only its own fields. */
  record(from: number, to: number): void;
}

/**
 * A card of an existing monitor that saves on its own: its fields are checked with their rules of the
 * monitor schema, and the server gets only this card's fields with the version they were made from, so unsaved
 * edits in another card are not sent along and nothing another tab saved is overwritten. Afterwards the card
 * starts again from what the server saved; while it holds no edits it follows the monitor as it reloads.
 */
export function MonitorCardForm({
  monitor,
  card,
  ownSaves,
  children,
}: {
  monitor: MonitorRecord;
  card: MonitorCardSpec;
  ownSaves: OwnSaves;
  children?: ReactNode;
}) {
  const masked = monitor.MONITOR_NATIONALNR;
  const holdsNationalNumber = card.fields.some(({ name }) => name === 'MONITOR_NATIONALNR');
  // The number arrives masked: that mask, left as it is, means 'keep the stored number' (updateMonitor).
  const schema = useMemo(() => {
    const fields = monitorPayload.pick(
      Object.fromEntries(card.fields.map(({ name }) => [name, true])) as { [K in MonitorFieldName]?: true },
    );
    return holdsNationalNumber ? fields.extend({ MONITOR_NATIONALNR: monitorNationalNumber(masked) }) : fields;
  }, [card, holdsNationalNumber, masked]);
  const valuesOf = (record: MonitorRecord) => cardValues(card, monitorFormValues(record));
  const form = useSchemaForm(schema, valuesOf(monitor));
  const [version, setVersion] = useState(monitor.MONITOR_VERSION);
  useFollowRecord(form, valuesOf(monitor), monitor.MONITOR_VERSION, () => setVersion(monitor.MONITOR_VERSION));
  const { state, error, stale, save, clearError } = useMonitorSave(form);
  const reloadMonitor = useReloadMonitor();

  const startFrom = (record: MonitorRecord) => {
    form.reset(valuesOf(record));
    setVersion(record.MONITOR_VERSION);
  };
  const onSubmit = form.handleSubmit((values) => {
    const from = ownSaves.current(version);
    return save({ MONITOR_ID: monitor.MONITOR_ID, MONITOR_VERSION: from, ...values }, (saved) => {
      if (saved.MONITOR_VERSION === from + 1) ownSaves.record(from, saved.MONITOR_VERSION);
      startFrom(saved);
    });
  });
  const reload = async () => {
    const fresh = await reloadMonitor(monitor.MONITOR_ID);
    if (fresh) startFrom(fresh);
    clearError();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard title={card.title} footer={<SaveButton state={state} />}>
        {children}
        <MonitorFields
          form={form}
          card={card}
          below={{ MONITOR_NATIONALNR: <NationalNumberReveal owner={{ monitorId: monitor.MONITOR_ID }} masked={masked} /> }}
        />
        <SaveErrorAlert message={error} stale={stale} onReload={reload} className="mb-0" />
      </SectionCard>
    </form>
  );
}
