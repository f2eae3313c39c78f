import { lazy, Suspense, useState } from 'react';
import type { ConfirmModalProps } from './ConfirmDialog.js';

/** The dialog's code (react-bootstrap's Modal and its transitions) loads when a dialog first opens, or ahead of it. */
const loadConfirmDialog = () => import('./ConfirmDialog.js');
const ConfirmDialog = lazy(loadConfirmDialog);

export function preloadConfirmModal() {
  void loadConfirmDialog();
}

/**
 * Asks before an action; shows the action's failure message and keeps the dialog open on error. Rendered from
 * its first opening on, so that closing it fades out as a dialog does.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const [opened, setOpened] = useState(props.show);
  if (props.show && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
