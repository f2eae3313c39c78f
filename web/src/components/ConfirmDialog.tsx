import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { ErrorAlert } from './ErrorAlert.js';

export interface ConfirmModalProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; rename it where 'Annuleren' would read as the action itself. */
  cancelLabel?: string;
  confirmVariant?: 'primary' | 'danger' | 'warning' | 'success';
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The dialog of ConfirmModal, loaded when it first opens. */
export default function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Annuleren',
  confirmVariant = 'primary',
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const titleId = useId();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title as="h2" className="h5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        <ErrorAlert message={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
          {pending ? 'Bezig…' : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
