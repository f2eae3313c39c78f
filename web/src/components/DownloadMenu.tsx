import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import { failureMessages } from '@common/messages.js';
import type { CallName } from '@common/contract/index.js';
import { downloads } from '../lib/api-client.js';
import { ButtonToggle } from './dropdown-toggle.js';

type Query = Record<string, string | number | undefined>;

export interface DownloadChoice {
  label: string;
  call: CallName;
  query?: Query;
}

interface DownloadMenuProps {
  id: string;
  label: string;
  choices: DownloadChoice[];
  variant?: string;
}

/**
 * A button with the files it offers ('Exporteren (Excel)': xlsx or CSV). The file is made on the server,
 * which can take a moment for a year's list: the button shows a spinner meanwhile, then says what was
 * saved, or that it failed.
 */
export function DownloadMenu({ id, label, choices, variant = 'outline-secondary' }: DownloadMenuProps) {
  const [state, setState] = useState<{ status: 'idle' | 'pending' | 'error' } | { status: 'done'; fileName: string }>({ status: 'idle' });
  const choose = async (choice: DownloadChoice) => {
    setState({ status: 'pending' });
    try {
      setState({ status: 'done', fileName: await downloads.download(choice.call, choice.query ?? {}) });
    } catch {
      setState({ status: 'error' });
    }
  };
  return (
    <div className="d-inline-flex align-items-center gap-2">
      <Dropdown>
        <Dropdown.Toggle as={ButtonToggle} id={id} variant={variant} size="sm" disabled={state.status === 'pending'}>
          {state.status === 'pending' && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
          {label}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {choices.map((choice) => (
            <Dropdown.Item as="button" key={choice.label} onClick={() => void choose(choice)}>
              {choice.label}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <span role="status" className="small text-body-secondary">
        {state.status === 'pending' ? 'Bestand wordt gemaakt…' : state.status === 'done' ? `${state.fileName} gedownload` : ''}
      </span>
      {state.status === 'error' && (
        <span role="alert" className="small text-danger">
          {failureMessages.download}
        </span>
      )}
    </div>
  );
}

/** The two spreadsheet formats of an export call: a real .xlsx, and CSV as Belgian Excel opens it. */
export function spreadsheetChoices(call: CallName, query: Query = {}): DownloadChoice[] {
  return [
    { label: 'Excel (.xlsx)', call, query: { ...query, format: 'xlsx' } },
    { label: 'CSV (puntkomma, UTF-8)', call, query: { ...query, format: 'csv' } },
  ];
}
