import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatDate, formatDateTime, formatOfferedUntil } from '@common/format.js';
import { failureMessages } from '@common/messages.js';
import { changes, mayWhole } from '@common/policies.js';
import type { CampRecord } from '@common/schemas/camps.js';
import type { FamilyRecord } from '@common/schemas/registration.js';
import type { WaitingEntryRecord } from '@common/schemas/waiting-list.js';
import { paths } from '../../../app/paths.js';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { FamilySearch } from '../../../components/FamilySearch.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { SectionCard } from '../../../components/SectionCard.js';
import { StaticAlert } from '../../../components/StaticAlert.js';
import { useAuth } from '../../../lib/auth.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { useCamp } from '../api/get-camps.js';
import { useWaitingList, useWaitingListChanges } from '../api/waiting-list.js';
import { campName, periodWithDates } from '../components/camp-name.js';
import { waitingListPath } from '../../../lib/waiting-list-path.js';

/** /wachtlijst/{CAMP_ID}: a camp's waiting list (issue 34) in its order, with what staff do with it. */
export default function WaitingListPage({ campId }: { campId: number | null }) {
  const camp = useCamp(campId);
  if (campId === null || camp.isError || camp.data === null) return <ErrorAlert message={failureMessages.campNotFound} />;
  if (camp.isPending) return <LoadingLine />;
  return <WaitingList camp={camp.data} />;
}

const childName = (e: WaitingEntryRecord) => `${e.SUBSCRIBER_FIRSTNAME} ${e.SUBSCRIBER_LASTNAME}`;

/** 'Wacht' or 'Plaats aangeboden tot 14/07/2026, 10:00': the state of an entry in words. */
const stateText = (e: WaitingEntryRecord) => (e.STATE === 'offered' ? formatOfferedUntil(e.OFFER_EXPIRES_AT) : 'Wacht');

function WaitingList({ camp }: { camp: CampRecord }) {
  const year = useCampYear();
  const { state } = useAuth();
  const mayChange = state.status === 'signedIn' && mayWhole(state.user.role, changes('subscription'));
  const list = useWaitingList(camp.CAMP_ID);
  const change = useWaitingListChanges();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WaitingEntryRecord | null>(null);
  const entries = list.data ?? [];
  const lastPlace = Math.max(0, ...entries.map((e) => e.PLACE ?? 0));
  const busy = change.move.isPending || change.offer.isPending || change.remove.isPending;

  const act = async (work: () => Promise<unknown>, message: string) => {
    setError(null);
    setDone(null);
    try {
      await work();
      setDone(message);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Link to={waitingListPath(undefined, year)} className="btn btn-outline-secondary btn-sm">
          &lt;&lt; Alle wachtlijsten
        </Link>
        <Link to={paths.campDetail(camp.CAMP_ID, year)} className="btn btn-outline-secondary btn-sm">
          Kamp
        </Link>
        <Link to={paths.campParticipants(camp.CAMP_ID, year)} className="btn btn-outline-secondary btn-sm">
          Deelnemers
        </Link>
      </div>
      <h1 className="h3 mb-1">Wachtlijst {campName(camp)}</h1>
      <p className="text-body-secondary mb-3">
        {periodWithDates(camp)} | {camp.AGEGROUP_NAME} | bezet {camp.SEATS_TAKEN}/{camp.SEATS_AVAILABLE}
        {camp.SEATS_OPEN > 0 ? `, ${camp.SEATS_OPEN === 1 ? '1 plaats' : `${camp.SEATS_OPEN} plaatsen`} vrij` : ', volzet'}
      </p>
      <ErrorAlert message={error} />
      {done && (
        <StaticAlert variant="success" role="status">
          {done}
        </StaticAlert>
      )}
      {list.isPending ? (
        <LoadingLine />
      ) : list.isError ? (
        <ErrorAlert message="Niet gelukt om de wachtlijst op te halen. Probeer opnieuw." />
      ) : entries.length === 0 ? (
        <p>Er staat niemand op de wachtlijst van dit kamp.</p>
      ) : (
        <Table striped hover responsive size="sm" className="align-middle" data-testid="waiting-list">
          <thead>
            <tr>
              <th scope="col">Plaats</th>
              <th scope="col">Kind</th>
              <th scope="col">Ouder</th>
              <th scope="col">Sinds</th>
              <th scope="col">Status</th>
              {mayChange && <th scope="col">Acties</th>}
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const together = entries.filter((o) => o.GROUP_ID === e.GROUP_ID && o.WAITING_ID !== e.WAITING_ID);
              return (
                <tr key={e.WAITING_ID} data-waiting-id={e.WAITING_ID}>
                  <td>{e.PLACE ?? '–'}</td>
                  <td>
                    {childName(e)}
                    <div className="small text-body-secondary">
                      geboren {formatDate(e.SUBSCRIBER_BIRTHDATE)}
                      {together.length > 0 && `; wacht samen met ${together.map((o) => o.SUBSCRIBER_FIRSTNAME).join(' en ')}`}
                    </div>
                  </td>
                  <td>
                    {e.SUBSCRIBER_PARENT_FIRSTNAME} {e.SUBSCRIBER_PARENT_LASTNAME}
                    <div className="small text-body-secondary">
                      {e.SUBSCRIBER_PARENT_PHONE} · {e.SUBSCRIBER_PARENT_EMAIL}
                    </div>
                  </td>
                  <td className="text-nowrap">{formatDateTime(e.CREATED_AT)}</td>
                  <td>{stateText(e)}</td>
                  {mayChange && (
                    <td className="text-nowrap">
                      {e.STATE === 'waiting' && (
                        <>
                          <Button
                            variant="outline-secondary"
                            size="sm"
                            className="me-1"
                            disabled={busy || e.PLACE === 1}
                            aria-label={`Omhoog: ${childName(e)}`}
                            onClick={() =>
                              void act(
                                () => change.move.mutateAsync({ WAITING_ID: e.WAITING_ID, position: (e.PLACE ?? 1) - 1 }),
                                `${childName(e)} staat nu op plaats ${(e.PLACE ?? 1) - 1}.`,
                              )
                            }
                          >
                            ▲
                          </Button>
                          <Button
                            variant="outline-secondary"
                            size="sm"
                            className="me-2"
                            disabled={busy || e.PLACE === lastPlace}
                            aria-label={`Omlaag: ${childName(e)}`}
                            onClick={() =>
                              void act(
                                () => change.move.mutateAsync({ WAITING_ID: e.WAITING_ID, position: (e.PLACE ?? 0) + 1 }),
                                `${childName(e)} staat nu op plaats ${(e.PLACE ?? 0) + 1}.`,
                              )
                            }
                          >
                            ▼
                          </Button>
                          <Button
                            variant="outline-primary"
                            size="sm"
                            className="me-2"
                            disabled={busy}
                            aria-label={`Plaats aanbieden: ${childName(e)}`}
                            onClick={() =>
                              void act(
                                () => change.offer.mutateAsync(e.WAITING_ID),
                                `${childName(e)} kreeg een plaats aangeboden; de ouder krijgt een mail met de link.`,
                              )
                            }
                          >
                            Plaats aanbieden
                          </Button>
                        </>
                      )}
                      <Button
                        variant="outline-danger"
                        size="sm"
                        disabled={busy}
                        aria-label={`Verwijderen: ${childName(e)}`}
                        onClick={() => setRemoving(e)}
                      >
                        Verwijderen
                      </Button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {mayChange && <AddByHand camp={camp} onAdded={(text) => setDone(text)} />}
      <ConfirmModal
        show={removing !== null}
        title="Van de wachtlijst verwijderen?"
        confirmLabel="Verwijderen"
        cancelLabel="Niet verwijderen"
        confirmVariant="danger"
        pending={change.remove.isPending}
        error={change.remove.error?.message ?? null}
        onCancel={() => {
          setRemoving(null);
          change.remove.reset();
        }}
        onConfirm={() => {
          const entry = removing!;
          change.remove.mutate(entry.WAITING_ID, {
            onSuccess: () => {
              setRemoving(null);
              setError(null);
              setDone(`${childName(entry)} staat niet meer op de wachtlijst.`);
            },
          });
        }}
      >
        {removing && (
          <p className="mb-0">
            {childName(removing)} gaat van de wachtlijst van {campName(camp)}.
            {removing.STATE === 'offered' ? ' De aangeboden plaats gaat meteen naar de volgende op de lijst.' : ''}
          </p>
        )}
      </ConfirmModal>
    </>
  );
}

/** A known family's children put on the list at the desk (addToWaitingList); several chosen wait together. */
function AddByHand({ camp, onAdded }: { camp: CampRecord; onAdded: (text: string) => void }) {
  const { add } = useWaitingListChanges();
  const [family, setFamily] = useState<FamilyRecord | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <SectionCard title="Kind op de wachtlijst zetten">
      <FamilySearch
        id="waiting-family-search"
        chosenId={family?.SUBSCRIBER_PARENT_ID ?? null}
        onChoose={(f) => {
          setFamily(f);
          setChosen([]);
          add.reset();
        }}
      />
      {family && (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate(
              { CHILD_IDS: chosen, CAMP_ID: camp.CAMP_ID },
              {
                onSuccess: (answer) => {
                  const names = family.CHILDREN.filter((c) => chosen.includes(c.SUBSCRIBER_ID)).map((c) => c.SUBSCRIBER_FIRSTNAME);
                  onAdded(`${names.join(' en ')} ${names.length === 1 ? 'staat' : 'staan'} op de wachtlijst, plaats ${answer.PLACE}.`);
                  setFamily(null);
                  setChosen([]);
                },
              },
            );
          }}
        >
          <fieldset className="mb-2">
            <legend className="h6">
              Kinderen van {family.SUBSCRIBER_PARENT_FIRSTNAME} {family.SUBSCRIBER_PARENT_LASTNAME}
            </legend>
            {family.CHILDREN.length === 0 && <p className="mb-0">Dit gezin heeft nog geen kinderen.</p>}
            {family.CHILDREN.map((c) => (
              <Form.Check
                key={c.SUBSCRIBER_ID}
                id={`waiting-child-${c.SUBSCRIBER_ID}`}
                label={`${c.SUBSCRIBER_FIRSTNAME} ${c.SUBSCRIBER_LASTNAME} (${formatDate(c.SUBSCRIBER_BIRTHDATE)})`}
                checked={chosen.includes(c.SUBSCRIBER_ID)}
                onChange={(event) =>
                  setChosen(event.target.checked ? [...chosen, c.SUBSCRIBER_ID] : chosen.filter((id) => id !== c.SUBSCRIBER_ID))
                }
              />
            ))}
            {chosen.length > 1 && <p className="small text-body-secondary mb-0">Deze kinderen wachten samen: één aanbod voor allemaal.</p>}
          </fieldset>
          <ErrorAlert message={add.error?.message ?? null} />
          <Button type="submit" size="sm" disabled={chosen.length === 0 || add.isPending}>
            Op de wachtlijst zetten
          </Button>
        </Form>
      )}
    </SectionCard>
  );
}
