import Tab from 'react-bootstrap/Tab';
import Table from 'react-bootstrap/Table';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useSearchParams } from 'react-router';
import { todayInBelgium } from '@common/calendar.js';
import { failureMessages } from '@common/messages.js';
import { attendanceCounts, campDays, dayLabel, participantsOn, type CampParticipant } from '@common/participants.js';
import type { CampRecord } from '@common/schemas/camps.js';
import { paths } from '../../../app/paths.js';
import { useRouteRecordId } from '../../../app/route-id.js';
import { DownloadMenu, spreadsheetChoices } from '../../../components/DownloadMenu.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { LoadingLine } from '../../../components/LoadingLine.js';
import { mayExportFormat } from '@common/policies.js';
import { useAuth } from '../../../lib/auth.js';
import { useCampYear } from '../../../lib/camp-year.js';
import { useAttendanceSaver, useCampParticipants } from '../api/camp-participants.js';
import { useCamp } from '../api/get-camps.js';
import { campName, periodWithDates } from '../components/camp-name.js';
import { DayParticipants } from './DayParticipants.js';
import { SheetCounts } from './SafetySheet.js';

const DAY_PARAM = 'dag';

/** /camp-participants/{CAMP_ID}: the children per camp day, attendance, lunch counts, printing and exports. */
export default function CampParticipantsPage() {
  const campId = useRouteRecordId() ?? null;
  const camp = useCamp(campId);
  if (campId === null || camp.isError || camp.data === null) return <ErrorAlert message={failureMessages.campNotFound} />;
  if (camp.isPending) return <LoadingLine />;
  return <Participants camp={camp.data} />;
}

function Participants({ camp }: { camp: CampRecord }) {
  const year = useCampYear();
  const participants = useCampParticipants(camp.CAMP_ID);
  const saver = useAttendanceSaver(camp.CAMP_ID);
  const { state } = useAuth();
  // A monitor prints the list; a spreadsheet of the families' contact data is for staff (the participants' policy).
  const spreadsheets = state.status === 'signedIn' && mayExportFormat('participant', state.user.role, 'xlsx');
  const days = campDays(camp.ACTIVE_DAYS);
  const [search, setSearch] = useSearchParams();
  // The chosen day is in the address, so a reload or a shared link opens the same day; otherwise today, else the first day.
  const asked = search.get(DAY_PARAM);
  const today = todayInBelgium();
  const day = asked && days.includes(asked) ? asked : days.includes(today) ? today : days[0];
  const chooseDay = (chosen: string | null) =>
    chosen &&
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(DAY_PARAM, chosen);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <Link to={paths.camps(year)} className="btn btn-outline-secondary btn-sm mb-3">
        &lt;&lt; Terug naar overzicht
      </Link>
      <h1 className="h3 mb-1">Deelnemers {campName(camp)}</h1>
      <p className="text-body-secondary mb-3">
        {periodWithDates(camp)} | {camp.AGEGROUP_NAME}
      </p>
      <div className="d-flex flex-wrap gap-3 mb-3">
        <DownloadMenu
          id="participants-pdf"
          label="Afdrukken (PDF)"
          choices={[
            ...(day
              ? [
                  {
                    label: `Daglijst ${dayLabel(day)}`,
                    call: 'exportCampParticipants' as const,
                    query: { campId: camp.CAMP_ID, format: 'pdf', date: day },
                  },
                ]
              : []),
            { label: 'Hele week (rooster)', call: 'exportCampParticipants', query: { campId: camp.CAMP_ID, format: 'pdf' } },
          ]}
        />
        {spreadsheets && (
          <DownloadMenu
            id="participants-export"
            label="Exporteren (Excel)"
            choices={spreadsheetChoices('exportCampParticipants', { campId: camp.CAMP_ID })}
          />
        )}
      </div>
      <SheetCounts campId={camp.CAMP_ID} />
      {participants.isPending && <LoadingLine />}
      <ErrorAlert message={participants.isError ? failureMessages.loadParticipants : null} />
      {days.length === 0 && <p>Dit kamp heeft geen kampdagen.</p>}
      {participants.data && day && (
        <>
          <Tabs id="camp-days" activeKey={day} onSelect={chooseDay} mountOnEnter unmountOnExit>
            {days.map((d) => (
              <Tab key={d} eventKey={d} title={`${dayLabel(d)} (${participantsOn(participants.data, d).length})`}>
                <DayParticipants
                  campId={camp.CAMP_ID}
                  day={d}
                  today={today}
                  participants={participants.data}
                  saveStateOf={saver.stateOf}
                  onAttendance={saver.save}
                />
              </Tab>
            ))}
          </Tabs>
          <DaysOverview days={days} participants={participants.data} />
        </>
      )}
    </>
  );
}

/** Per camp day: how many are present, absent, and not registered yet (the tabs say how many come). */
function DaysOverview({ days, participants }: { days: string[]; participants: CampParticipant[] }) {
  return (
    <section aria-labelledby="days-overview" className="mt-4" style={{ maxWidth: '40rem' }}>
      <h2 id="days-overview" className="h5">
        Aanwezigheid per dag
      </h2>
      <Table size="sm" responsive className="small" data-testid="days-overview">
        <thead>
          <tr>
            <th scope="col">Dag</th>
            <th scope="col" className="text-end">
              Aanwezig
            </th>
            <th scope="col" className="text-end">
              Afwezig
            </th>
            <th scope="col" className="text-end">
              Niet geregistreerd
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => {
            const counts = attendanceCounts(participants, d);
            return (
              <tr key={d}>
                <th scope="row" className="fw-normal text-nowrap">
                  {dayLabel(d)}
                </th>
                <td className="text-end">{counts.present}</td>
                <td className="text-end">{counts.absent}</td>
                <td className="text-end">{counts.unregistered}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </section>
  );
}
