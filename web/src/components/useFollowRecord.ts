import { useEffect, useRef } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * A form made from a record follows that record while it holds no edits: when another tab or a reload brings a
 * newer version, the form shows it (and will save from it). A form with edits keeps them and the version they
 * were made from, so its save is refused rather than silently overwriting the newer record.
 */
export function useFollowRecord<T extends FieldValues>(
  form: UseFormReturn<T, any, any>,
  values: DefaultValues<T>,
  version: number | undefined,
  /** Told the version the form now shows. */
  onFollow?: (version: number | undefined) => void,
) {
  const followed = useRef(onFollow);
  followed.current = onFollow;
  const dirty = form.formState.isDirty;
  const shown = useRef(version);
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (version === shown.current || dirty) return;
    shown.current = version;
    form.reset(latest.current);
    followed.current?.(version);
  }, [form, version, dirty]);
}
