import { useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { useSaveCycle } from '../../../components/useSaveCycle.js';

interface ConfirmedActionButtonProps {
  label: ReactNode;
  variant: ButtonProps['variant'];
  disabled?: boolean;
  modalTitle: string;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: 'primary' | 'danger' | 'warning' | 'success';
  /** The message of spec section 8 shown in the modal when the call fails. */
  failureMessage: string;
  action: () => Promise<unknown>;
  /** Loads what the dialog shows before it can be confirmed, so it never confirms something older than the server's. */
  refresh?: () => Promise<unknown>;
  onDone?: () => void;
  children: ReactNode;
}

/** A button that asks first; on failure the modal stays open with the red message and its button returns to normal. */
export function ConfirmedActionButton({
  label,
  variant,
  disabled,
  modalTitle,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  failureMessage,
  action,
  refresh,
  onDone,
  children,
}: ConfirmedActionButtonProps) {
  const [show, setShow] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const open = async () => {
    setShow(true);
    if (!refresh) return;
    setRefreshing(true);
    try {
      await refresh();
    } catch {
      // The dialog shows what it has; the server still refuses an amount that is no longer current.
    } finally {
      setRefreshing(false);
    }
  };
  const { state, error, run, clearError } = useSaveCycle(failureMessage);
  const close = () => {
    setShow(false);
    clearError();
  };
  const confirm = () =>
    void run(action, () => {
      setShow(false);
      onDone?.();
    });
  return (
    <>
      <Button variant={variant} disabled={disabled} onClick={() => void open()}>
        {label}
      </Button>
      <ConfirmModal
        show={show}
        title={modalTitle}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        confirmVariant={confirmVariant}
        pending={state === 'submitting' || refreshing}
        error={error}
        onConfirm={confirm}
        onCancel={close}
      >
        {children}
      </ConfirmModal>
    </>
  );
}
