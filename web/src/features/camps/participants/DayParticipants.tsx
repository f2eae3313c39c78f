import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import {
  attendanceCounts,
  joinInDutch,
  lunchCounts,
  participantMessages,
  participantsOn,
  presenceAllowedOn,
  type Attendance,
  type CampParticipant,
} from '@common/participants.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { PaymentStatusBadge } from '../../../components/PaymentStatusBadge.js';
import { StaticAlert } from '../../../components/StaticAlert.js';
import type { AttendanceSaveState } from '../api/camp-participants.js';
import { AttendanceToggle } from './AttendanceToggle.js';
import { MedicationRound, SafetySheetDialog, SafetySummary } from './SafetySheet.js';

interface DayParticipantsProps {
  campId: number;
  day: string;
  /** Today in Belgium: a later day takes no presence yet. */
  today: string;
  participants: CampParticipant[];
  saveStateOf: (subscriptionId: number, day: string) => AttendanceSaveState | undefined;
  onAttendance: (subscriptionId: number, day: string, present: Attendance) => void;
}

const childName = (p: CampParticipant) => `${p.SUBSCRIBER_FIRSTNAME} ${p.SUBSCRIBER_LASTNAME}`;

/**
 * One camp day: its counts for the kitchen and the attendance, 'Iedereen aanwezig', and a line per child. A day
 * that has not come takes absences but no presence (issue 39). 'Iedereen aanwezig' sets the children without a
 * registration present at once; when some are marked absent it asks first, and leaves them absent unless ticked.
 */
export function DayParticipants({ campId, day, today, participants, saveStateOf, onAttendance }: DayParticipantsProps) {
  const [sheetOf, setSheetOf] = useState<number | null>(null);
  // The server sends the sheets' part of the list only to whoever may read the camp's sheets now.
  const withSheets = participants.some((p) => p.SAFETY_SHEET_STATUS !== undefined);
  const ofDay = participantsOn(participants, day);
  const counts = attendanceCounts(participants, day);
  const unregistered = ofDay.filter((p) => (p.ATTENDANCE[day] ?? null) === null);
  const absent = ofDay.filter((p) => p.ATTENDANCE[day] === false);
  const presenceAllowed = presenceAllowedOn(day, today);
  const [asking, setAsking] = useState(false);
  const [alsoAbsent, setAlsoAbsent] = useState(false);
  const setPresent = (children: CampParticipant[]) => children.forEach((p) => onAttendance(p.SUBSCRIPTION_ID, day, true));
  const everyonePresent = () => {
    if (absent.length === 0) setPresent(unregistered);
    else {
      setAlsoAbsent(false);
      setAsking(true);
    }
  };
  const confirmEveryone = () => {
    setPresent(alsoAbsent ? [...unregistered, ...absent] : unregistered);
    setAsking(false);
  };
  return (
    <>
      <div className="d-flex flex-wrap gap-3 align-items-center my-3">
        <p className="mb-0" data-testid="attendance-counts">
          <strong>{ofDay.length === 1 ? '1 kind' : `${ofDay.length} kinderen`}</strong>: {counts.present} aanwezig, {counts.absent} afwezig,{' '}
          {counts.unregistered} nog niet geregistreerd
        </p>
        <Button
          variant="success"
          className="attendance-button"
          disabled={!presenceAllowed || unregistered.length + absent.length === 0}
          onClick={everyonePresent}
        >
          Iedereen aanwezig
        </Button>
      </div>
      {!presenceAllowed && (
        <StaticAlert variant="info" role="status">
          {participantMessages.futureDay}
        </StaticAlert>
      )}
      <ConfirmModal
        show={asking}
        title="Iedereen aanwezig"
        confirmLabel="Aanwezig zetten"
        confirmVariant="success"
        onConfirm={confirmEveryone}
        onCancel={() => setAsking(false)}
      >
        <p>
          {absent.length === 1 ? '1 kind staat' : `${absent.length} kinderen staan`} op afwezig: {joinInDutch(absent.map(childName))}.{' '}
          {unregistered.length === 1 && 'Het kind zonder registratie wordt aanwezig gezet. '}
          {unregistered.length > 1 && `De ${unregistered.length} kinderen zonder registratie worden aanwezig gezet. `}
          Wie afwezig staat, blijft afwezig, tenzij je het hieronder aanvinkt.
        </p>
        <Form.Check
          id={`also-absent-${day}`}
          label="Ook de afwezige kinderen aanwezig zetten"
          checked={alsoAbsent}
          onChange={(e) => setAlsoAbsent(e.target.checked)}
        />
      </ConfirmModal>
      <section aria-labelledby={`lunch-${day}`} className="mb-3">
        <h2 id={`lunch-${day}`} className="h6 mb-1">
          Lunch
        </h2>
        <ul className="list-inline mb-0" data-testid="lunch-counts">
          {lunchCounts(ofDay).map((c) => (
            <li key={c.label} className="list-inline-item me-3">
              {c.label}: <strong>{c.count}</strong>
            </li>
          ))}
        </ul>
      </section>
      {withSheets && <MedicationRound campId={campId} day={day} />}
      {sheetOf !== null && <SafetySheetDialog childId={sheetOf} onClose={() => setSheetOf(null)} />}
      {ofDay.length === 0 ? (
        <p className="text-body-secondary">Geen kinderen op deze dag.</p>
      ) : (
        <ListGroup as="ul" aria-label="Kinderen">
          {ofDay.map((p) => (
            <ListGroup.Item as="li" key={p.SUBSCRIPTION_ID} data-subscription-id={p.SUBSCRIPTION_ID}>
              <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
                <div>
                  <div>
                    <strong>{childName(p)}</strong> <span className="text-body-secondary">({p.SUBSCRIBER_AGE} jaar)</span>{' '}
                    {p.PAYMENT_STATUS && (
                      <PaymentStatusBadge
                        status={p.PAYMENT_STATUS}
                        saldo={p.SUBSCRIPTION_SALDO ?? 0}
                        amountToPay={p.SUBSCRIPTION_AMOUNT_TO_PAY ?? 0}
                      />
                    )}
                  </div>
                  <div className="small">Lunch: {p.LUNCHPREFERENCE_DESCRIPTION ?? 'geen voorkeur'}</div>
                  <SafetySummary participant={p} onOpen={() => setSheetOf(p.SUBSCRIBER_ID)} />
                  {p.SUBSCRIPTION_REMARK && <div className="small">Opmerking: {p.SUBSCRIPTION_REMARK}</div>}
                  <div className="small">
                    Ouder: {p.SUBSCRIBER_PARENT_FIRSTNAME} {p.SUBSCRIBER_PARENT_LASTNAME}
                    {[p.SUBSCRIBER_PARENT_PHONE, p.SUBSCRIBER_PARENT_PHONE2].filter(Boolean).map((phone) => (
                      <span key={phone}>
                        {' · '}
                        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                      </span>
                    ))}
                  </div>
                </div>
                <AttendanceToggle
                  childName={childName(p)}
                  presenceAllowed={presenceAllowed}
                  present={p.ATTENDANCE[day] ?? null}
                  saveState={saveStateOf(p.SUBSCRIPTION_ID, day)}
                  onChange={(present) => onAttendance(p.SUBSCRIPTION_ID, day, present)}
                />
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </>
  );
}
