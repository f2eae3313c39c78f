import type { UseFormReturn } from 'react-hook-form';
import { failureMessages } from '@common/messages.js';
import type { MonitorRecord, UpdateMonitorRequest } from '@common/schemas/monitors.js';
import { showServerFieldErrors } from '../../../components/server-field-errors.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';
import { useUpdateMonitor } from '../api/update-monitor.js';

/**
 * Saving a monitor from a form: the save cycle with 'Opslaan mislukt, probeer opnieuw.' on failure,
 * and the field messages of a 400 answer on the form's own fields.
 */
export function useMonitorSave(form: UseFormReturn<any, any, any>) {
  const update = useUpdateMonitor();
  const cycle = useSaveCycle(failureMessages.save);
  const save = (monitor: UpdateMonitorRequest, onSaved: (saved: MonitorRecord) => void) =>
    cycle.run(
      () =>
        update.mutateAsync(monitor).catch((error: unknown) => {
          showServerFieldErrors(form, error);
          throw error;
        }),
      onSaved,
    );
  return { state: cycle.state, error: cycle.error, stale: cycle.stale, clearError: cycle.clearError, save };
}
