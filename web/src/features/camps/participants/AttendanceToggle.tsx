import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { failureMessages } from '@common/messages.js';
import type { Attendance } from '@common/participants.js';
import type { AttendanceSaveState } from '../api/camp-participants.js';

interface AttendanceToggleProps {
  childName: string;
  present: Attendance;
  /** False on a day that has not come: 'Aanwezig' cannot be chosen (a presence already there can be cleared). */
  presenceAllowed: boolean;
  saveState: AttendanceSaveState | undefined;
  onChange: (present: Attendance) => void;
}

/**
 * Two large buttons, 'Aanwezig' and 'Afwezig', for a thumb on a phone; pressing the chosen one again clears
 * it (not registered). Beside them: being saved, saved, or failed.
 */
export function AttendanceToggle({ childName, present, presenceAllowed, saveState, onChange }: AttendanceToggleProps) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <div role="group" aria-label={`Aanwezigheid van ${childName}`} className="d-flex gap-2">
        <Button
          variant={present === true ? 'success' : 'outline-success'}
          className="attendance-button"
          aria-pressed={present === true}
          disabled={!presenceAllowed && present !== true}
          onClick={() => onChange(present === true ? null : true)}
        >
          Aanwezig<span className="visually-hidden"> {childName}</span>
        </Button>
        <Button
          variant={present === false ? 'danger' : 'outline-danger'}
          className="attendance-button"
          aria-pressed={present === false}
          onClick={() => onChange(present === false ? null : false)}
        >
          Afwezig<span className="visually-hidden"> {childName}</span>
        </Button>
      </div>
      <span role="status" className="small attendance-state">
        {saveState === 'saving' && (
          <>
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
            Opslaan…
          </>
        )}
        {saveState === 'saved' && <span className="text-success">Opgeslagen</span>}
        {saveState === 'error' && <span className="text-danger">{failureMessages.attendance}</span>}
      </span>
    </div>
  );
}
