import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { useUnsavedChanges } from './unsaved-changes.js';

/**
 * A react-hook-form bound to a zod schema of common/, the very schema the server validates with.
 * Field errors show once a field has been touched (spec section 5). Kept apart from the field
 * components so that pages without a schema form (sign-in) load no zod.
 */
export function useSchemaForm<S extends z.ZodType<any, any>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  /** Whether leaving with edits asks first (unsaved-changes.tsx); off for a form that saves nothing. */
  { guardUnsaved = true }: { guardUnsaved?: boolean } = {},
) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as any) as any,
    mode: 'onTouched',
    defaultValues,
  });
  useUnsavedChanges(guardUnsaved && form.formState.isDirty);
  return form;
}
