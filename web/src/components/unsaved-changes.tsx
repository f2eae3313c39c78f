import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { staleDataMessages } from '@common/messages.js';
import { ConfirmModal, preloadConfirmModal } from './ConfirmModal.js';

/**
 * Unsaved edits are never lost without a word (issue 12 point 8). Every form made with useSchemaForm says here
 * whether it holds edits; leaving the page then asks first: a reload or close of the tab through the browser's
 * own question (beforeunload), the app's own navigation (links, navbar, back) and a camp year switch through
 * the app's dialog with staleDataMessages.unsavedChanges.
 */
const dirtyForms = new Set<object>();
/** Set once the user chose to leave, so the browser does not ask a second time. */
let leaving = false;
let askBeforeLeaving: ((go: () => void) => void) | null = null;

export const hasUnsavedChanges = () => !leaving && dirtyForms.size > 0;

/** A form reports whether it holds edits that are not saved. */
export function useUnsavedChanges(dirty: boolean) {
  const key = useRef({}).current;
  useEffect(() => {
    if (dirty) {
      dirtyForms.add(key);
      // The question is then likely: its dialog is ready when asked.
      preloadConfirmModal();
    } else dirtyForms.delete(key);
    return () => {
      dirtyForms.delete(key);
    };
  }, [key, dirty]);
}

/** Leaves the page by other means than the router (a camp year switch reloads it): asks first when a form holds edits. */
export function leaveAfterAsking(go: () => void) {
  if (!hasUnsavedChanges() || !askBeforeLeaving) return go();
  askBeforeLeaving(go);
}

const otherPage = (a: { pathname: string; search: string }, b: { pathname: string; search: string }) =>
  a.pathname !== b.pathname || a.search !== b.search;

/** The question itself, once in the layout. */
export function UnsavedChangesGuard() {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsavedChanges() && otherPage(currentLocation, nextLocation));
  const [pendingLeave, setPendingLeave] = useState<(() => void) | null>(null);

  useEffect(() => {
    askBeforeLeaving = (go) => setPendingLeave(() => go);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Browsers show their own text; some still need returnValue set.
      event.returnValue = staleDataMessages.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      askBeforeLeaving = null;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const asking = blocker.state === 'blocked' || pendingLeave !== null;
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPendingLeave(null);
  };
  const leave = () => {
    if (blocker.state === 'blocked') {
      dirtyForms.clear();
      blocker.proceed();
    }
    if (pendingLeave) {
      leaving = true;
      pendingLeave();
      setPendingLeave(null);
    }
  };
  return (
    <ConfirmModal
      show={asking}
      title="Niet-opgeslagen wijzigingen"
      confirmLabel={staleDataMessages.leave}
      cancelLabel={staleDataMessages.stay}
      confirmVariant="danger"
      onConfirm={leave}
      onCancel={stay}
    >
      <p className="mb-0">{staleDataMessages.unsavedChanges}</p>
    </ConfirmModal>
  );
}
