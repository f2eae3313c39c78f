import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { todayInBelgium } from '@common/calendar.js';
import { formatDate } from '@common/format.js';
import type { CampParticipant } from '@common/participants.js';
import {
  allergyKindLabels,
  photoConsentLabels,
  safetyLevelLabels,
  sheetStatusLabels,
  swimLabels,
  type SafetyLevel,
} from '@common/safety-sheet.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { api } from '../../../lib/api-client.js';
import { useMayCall } from '../../../lib/may-call.js';
import { callQuery } from '../../../lib/queries.js';

/**
 * The safety sheet on the camp day (issue 35): each child's warnings as badges by level (a tap opens the whole sheet,
 * whose reading the server audits), pick-up and photo consent at a glance, the day's medication round, and for staff
 * the missing and outdated sheets with a reminder mail. Shown only when the server sent the sheets' part of the list.
 */

const badgeOf: Record<SafetyLevel, { bg: string; text?: 'dark'; icon: string }> = {
  urgent: { bg: 'danger', icon: '⚠' },
  attention: { bg: 'warning', text: 'dark', icon: '!' },
  info: { bg: 'info', text: 'dark', icon: 'i' },
};

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
const childName = (p: CampParticipant) => `${p.SUBSCRIBER_FIRSTNAME} ${p.SUBSCRIBER_LASTNAME}`;

/** A child's warnings by level, pick-up and photo consent; the warnings open the sheet. */
export function SafetySummary({ participant: p, onOpen }: { participant: CampParticipant; onOpen: () => void }) {
  if (p.SAFETY_SHEET_STATUS === undefined) return null;
  const persons = (list: { NAME: string; RELATION: string; PHONE?: string }[]) =>
    list.map((x) => `${x.NAME} (${x.RELATION}${x.PHONE ? `, ${x.PHONE}` : ''})`).join(', ');
  return (
    <div className="small" data-testid="safety">
      {p.SAFETY_SHEET_STATUS !== 'current' && <span className="text-body-secondary me-2">{sheetStatusLabels[p.SAFETY_SHEET_STATUS]}</span>}
      {(p.SAFETY_WARNINGS ?? []).map((w, i) => (
        // The name is the text shown, with the level before it and what the tap does after it for a screen reader.
        <Button key={i} variant="link" className="p-0 me-1 align-baseline" onClick={onOpen}>
          <Badge bg={badgeOf[w.LEVEL].bg} text={badgeOf[w.LEVEL].text} data-level={w.LEVEL}>
            <span aria-hidden="true">{badgeOf[w.LEVEL].icon} </span>
            <span className="visually-hidden">{safetyLevelLabels[w.LEVEL]}: </span>
            {w.TEXT}
            <span className="visually-hidden">. Fiche van {childName(p)} openen</span>
          </Badge>
        </Button>
      ))}
      {p.SAFETY_SHEET_STATUS !== 'missing' && (p.SAFETY_WARNINGS ?? []).length === 0 && (
        <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onOpen}>
          Fiche van {childName(p)}
        </Button>
      )}
      {(p.PICKUP_ALLOWED?.length ?? 0) > 0 && <div>Mag ophalen: {persons(p.PICKUP_ALLOWED ?? [])}</div>}
      {(p.PICKUP_REFUSED?.length ?? 0) > 0 && <div className="fw-bold">Niet meegeven aan: {persons(p.PICKUP_REFUSED ?? [])}</div>}
      {p.GOES_HOME_ALONE && <div>Mag alleen naar huis</div>}
      {p.PHOTO_CONSENT && <div>Foto&apos;s: {photoConsentLabels[p.PHOTO_CONSENT].toLowerCase()}</div>}
    </div>
  );
}

/** The whole sheet of one child, read (and audited) when opened. */
export function SafetySheetDialog({ childId, onClose }: { childId: number; onClose: () => void }) {
  const sheet = useQuery({ ...callQuery('getSafetySheet', { childId }), staleTime: 0, gcTime: 0 });
  const data = sheet.data;
  const s = data?.SHEET;
  return (
    <Modal show onHide={onClose} aria-labelledby="safety-sheet-title">
      <Modal.Header closeButton closeLabel="Sluiten">
        <Modal.Title id="safety-sheet-title">Veiligheidsfiche {data?.CHILD_NAME ?? ''}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ErrorAlert message={sheet.isError ? sheet.error.message : null} />
        {data && !s && <p>Nog geen fiche ingevuld.</p>}
        {data?.UPDATED_AT && (
          <p className="small text-body-secondary">
            Ingevuld {data.UPDATED_BY === 'family' ? 'door het gezin' : 'aan de balie'} op{' '}
            {formatDate(todayInBelgium(new Date(data.UPDATED_AT)))}.
          </p>
        )}
        {s && (
          <dl className="mb-0">
            {s.ALLERGIES.map((a, i) => (
              <div key={`a${i}`}>
                <dt>
                  Allergie ({allergyKindLabels[a.KIND]}): {a.WHAT}
                </dt>
                <dd>{a.ACTION}</dd>
              </div>
            ))}
            {s.CONDITIONS.map((c, i) => (
              <div key={`c${i}`}>
                <dt>{c.NAME}</dt>
                <dd>{c.ACTION}</dd>
              </div>
            ))}
            {s.MEDICATIONS.map((m, i) => (
              <div key={`m${i}`}>
                <dt>
                  Medicatie: {m.NAME}, {m.DOSE}
                </dt>
                <dd>
                  {m.TIMES.join(', ') || 'geen vast uur'}; {m.MONITORS_MAY_GIVE ? 'monitor mag geven' : 'monitor geeft niet'}
                </dd>
              </div>
            ))}
            {s.DIET && (
              <>
                <dt>Dieet</dt>
                <dd>{s.DIET}</dd>
              </>
            )}
            <dt>Kan zwemmen</dt>
            <dd>{swimLabels[s.CAN_SWIM]}</dd>
            <dt>Tetanusvaccin</dt>
            <dd>{s.TETANUS_YEAR ?? 'onbekend'}</dd>
            <dt>Huisarts</dt>
            <dd>
              {s.DOCTOR_NAME ?? '–'} {s.DOCTOR_PHONE && <a href={telHref(s.DOCTOR_PHONE)}>{s.DOCTOR_PHONE}</a>}
            </dd>
            <dt>Noodcontacten</dt>
            <dd>
              {s.EMERGENCY_CONTACTS.map((c, i) => (
                <div key={i}>
                  {c.NAME} ({c.RELATION}) <a href={telHref(c.PHONE)}>{c.PHONE}</a>
                </div>
              ))}
            </dd>
            <dt>Mag ophalen</dt>
            <dd>
              {s.PICKUP_ALLOWED.length === 0 && 'Niemand genoemd'}
              {s.PICKUP_ALLOWED.map((c, i) => (
                <div key={i}>
                  {c.NAME} ({c.RELATION}) <a href={telHref(c.PHONE)}>{c.PHONE}</a>
                </div>
              ))}
              {s.GOES_HOME_ALONE && <div>Mag alleen naar huis</div>}
            </dd>
            {s.PICKUP_REFUSED.length > 0 && (
              <>
                <dt>Niet meegeven aan</dt>
                <dd className="fw-bold">{s.PICKUP_REFUSED.map((c) => `${c.NAME} (${c.RELATION})`).join(', ')}</dd>
              </>
            )}
            <dt>Foto&apos;s</dt>
            <dd>
              {photoConsentLabels[s.PHOTO_CONSENT]}
              {data.PHOTO_CONSENT_DATE && ` (sinds ${formatDate(data.PHOTO_CONSENT_DATE)})`}
            </dd>
            {s.NOTES && (
              <>
                <dt>Opmerkingen</dt>
                <dd>{s.NOTES}</dd>
              </>
            )}
          </dl>
        )}
      </Modal.Body>
    </Modal>
  );
}

/** The day's medication round: who, what, when. */
export function MedicationRound({ campId, day }: { campId: number; day: string }) {
  const round = useQuery(callQuery('getMedicationRound', { campId, date: day }));
  if (!round.data) return null;
  return (
    <section aria-labelledby={`medication-${day}`} className="mb-3">
      <h2 id={`medication-${day}`} className="h6 mb-1">
        Medicatieronde
      </h2>
      {round.data.length === 0 ? (
        <p className="small text-body-secondary mb-0">Geen medicatie vandaag.</p>
      ) : (
        <ul className="list-unstyled mb-0" data-testid="medication-round">
          {round.data.map((d, i) => (
            <li key={i}>
              <strong>{d.TIME}</strong> {d.CHILD_NAME}: {d.MEDICATION}, {d.DOSE}
              {d.MONITORS_MAY_GIVE ? '' : ' (niet door een monitor)'}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** For staff: how many of the camp's children have no sheet or an outdated one, and a reminder mail to their families. */
export function SheetCounts({ campId }: { campId: number }) {
  const mayRemind = useMayCall('remindSafetySheets');
  const counts = useQuery({ ...callQuery('getSafetySheetCounts', { campId }), enabled: mayRemind });
  const [asking, setAsking] = useState(false);
  const remind = useMutation({ mutationFn: () => api.call('remindSafetySheets', { campId }) });
  if (!mayRemind || !counts.data) return null;
  const open = counts.data.MISSING + counts.data.OUTDATED;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3" data-testid="sheet-counts">
      <span>
        Veiligheidsfiches: {counts.data.MISSING} ontbreken, {counts.data.OUTDATED} van vorig seizoen
      </span>
      {open > 0 && (
        <Button size="sm" variant="outline-primary" onClick={() => setAsking(true)} disabled={remind.isPending}>
          Herinnering mailen
        </Button>
      )}
      {remind.data && <span role="status">{remind.data.MAILS === 1 ? '1 mail verstuurd.' : `${remind.data.MAILS} mails verstuurd.`}</span>}
      <ConfirmModal
        show={asking}
        title="Herinnering mailen"
        confirmLabel="Versturen"
        onConfirm={() => {
          setAsking(false);
          remind.mutate();
        }}
        onCancel={() => setAsking(false)}
      >
        <p>De gezinnen van {open === 1 ? '1 kind' : `${open} kinderen`} krijgen een mail om de veiligheidsfiche in te vullen.</p>
      </ConfirmModal>
    </div>
  );
}
