import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { COPY_CONFIRMATION_MS } from '@common/constants.js';
import { failureMessages } from '@common/messages.js';
import type { CampRecord } from '@common/schemas/camps.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import type { useGenerateVoucher } from '../api/generate-voucher.js';
import { useSettings } from '../api/get-settings.js';
import { campName } from './camp-name.js';
import { voucherLink } from './voucher-link.js';

interface VoucherModalProps {
  camp: CampRecord | null;
  /** The generation the overview started when it opened the modal. */
  voucher: ReturnType<typeof useGenerateVoucher>;
  onRetry: () => void;
  onClose: () => void;
}

/** Shows the one-day voucher link of a camp with a copy action; generation starts as the modal opens. */
export function VoucherModal({ camp, voucher, onRetry, onClose }: VoucherModalProps) {
  const settings = useSettings();
  const link =
    voucher.data && voucher.variables && settings.data ? voucherLink(settings.data.PUBLIC_SITE_URL, voucher.data, voucher.variables) : null;
  const failed = voucher.isError || settings.isError;
  return (
    <Modal show={camp !== null} onHide={onClose} centered size="lg" aria-labelledby="voucher-modal-title">
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title as="h2" className="h5" id="voucher-modal-title">
          Voucher voor {camp && `${campName(camp)} | ${camp.PERIOD_NAME}`}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {failed ? (
          <ErrorAlert message={failureMessages.generateVoucher} className="mb-0" />
        ) : link ? (
          <>
            <p>Met deze link kan de klant één extra inschrijving maken voor dit kamp. De link is 1 dag geldig.</p>
            <p className="mb-0">
              <a href={link} target="_blank" rel="noopener noreferrer" className="text-break" data-testid="voucher-link">
                {link}
              </a>
            </p>
          </>
        ) : (
          <LoadingLine text="Voucher genereren..." />
        )}
      </Modal.Body>
      <Modal.Footer>
        {failed && (
          <Button variant="primary" onClick={onRetry} disabled={voucher.isPending}>
            Opnieuw proberen
          </Button>
        )}
        {link && <CopyButton text={link} />}
        <Button variant="secondary" onClick={onClose}>
          Sluiten
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies to the clipboard and says so for 2000 ms (spec section 9). */
function CopyButton({ text }: { text: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
  };

  return (
    <>
      {state === 'failed' && (
        <span className="text-danger me-auto" role="alert">
          Kopiëren niet gelukt; selecteer de link en kopieer hem zelf.
        </span>
      )}
      <Button variant={state === 'copied' ? 'success' : 'outline-primary'} onClick={() => void copy()}>
        {state === 'copied' ? 'Gekopieerd!' : 'Link kopiëren'}
      </Button>
    </>
  );
}
