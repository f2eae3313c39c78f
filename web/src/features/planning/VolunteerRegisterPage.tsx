import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { formatDate } from '@common/format.js';
import { formatEuro } from '@common/money.js';
import type { RegisterAnswer } from '@common/schemas/planning.js';
import type { SettingsAnswer } from '@common/schemas/settings.js';
import { capOf, VOLUNTEER_KINDS, volunteerKindLabels, type VolunteerKind } from '@common/volunteer-allowance.js';
import { pageAllowed } from '../../app/page-roles.js';
import { DownloadMenu } from '../../components/DownloadMenu.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { LoadingLine } from '../../components/LoadingLine.js';
import { SectionCard } from '../../components/SectionCard.js';
import { useAuth } from '../../lib/auth.js';
import { useCampYear } from '../../lib/camp-year.js';
import { failureOf } from './planning-errors.js';
import { PlanningNav } from './PlanningNav.js';
import { useFullSettings, usePlanningChange, useVolunteerRegister } from './api/planning-api.js';

/** A monitor at 90 % of the yearly cap is close: a camp week more may go over it. */
const CLOSE_TO_CAP = 0.9;

/** 'Vrijwilligersvergoedingen': the year's register per monitor and camp day, against the caps, with its export. */
export default function VolunteerRegisterPage() {
  const year = useCampYear();
  const register = useVolunteerRegister(year);
  const { state } = useAuth();
  const mayEditCaps = state.status === 'signedIn' && pageAllowed(state.user.role, '/settings');
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <h1 className="h3 mb-3">Vrijwilligersvergoedingen {year}</h1>
        <DownloadMenu
          id="register-export"
          label="Register exporteren"
          choices={[
            { label: 'Excel (.xlsx)', call: 'exportVolunteerRegister', query: { year, format: 'xlsx' } },
            { label: 'PDF', call: 'exportVolunteerRegister', query: { year, format: 'pdf' } },
          ]}
        />
      </div>
      <PlanningNav />
      {register.isPending && <LoadingLine />}
      <ErrorAlert message={register.isError ? 'Niet gelukt om het register op te halen. Probeer opnieuw.' : null} />
      <Row>
        <Col xl={8}>{register.data && <Register data={register.data} />}</Col>
        <Col xl={4}>{mayEditCaps && <CapsCard year={year} />}</Col>
      </Row>
    </>
  );
}

function Register({ data }: { data: RegisterAnswer }) {
  const save = usePlanningChange('saveVolunteerAllowance');
  const [error, setError] = useState<string | null>(null);
  if (data.totals.length === 0) return <p>Nog geen vergoedingen in dit jaar. Vul ze in bij het inplannen van een monitor.</p>;
  return (
    <>
      <ErrorAlert message={error} />
      {data.totals.map((t) => {
        const close = t.VOLUNTEER_YEARLY_CAP !== null && t.TOTAL >= CLOSE_TO_CAP * t.VOLUNTEER_YEARLY_CAP;
        return (
          <SectionCard key={t.MONITOR_ID} title={t.MONITOR_NAME}>
            <p className="mb-2">
              {volunteerKindLabels[t.VOLUNTEER_KIND]}: {formatEuro(t.TOTAL)}
              {t.VOLUNTEER_YEARLY_CAP !== null && ` van ${formatEuro(t.VOLUNTEER_YEARLY_CAP)} jaarplafond`}
              {t.VOLUNTEER_DAILY_CAP !== null && `, dagplafond ${formatEuro(t.VOLUNTEER_DAILY_CAP)}`}.{' '}
              {close && (
                <Badge bg="warning" text="dark">
                  Bijna aan het jaarplafond
                </Badge>
              )}
            </p>
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Dag</th>
                  <th scope="col">Kamp</th>
                  <th scope="col" style={{ width: '9rem' }}>
                    Vergoeding (€)
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows
                  .filter((r) => r.MONITOR_ID === t.MONITOR_ID)
                  .map((r) => (
                    <tr key={r.DAY}>
                      <td>{formatDate(r.DAY)}</td>
                      <td>{r.CAMP_LABEL}</td>
                      <td>
                        <Form.Control
                          size="sm"
                          inputMode="decimal"
                          aria-label={`Vergoeding ${t.MONITOR_NAME} op ${formatDate(r.DAY)}`}
                          defaultValue={String(r.AMOUNT).replace('.', ',')}
                          onBlur={(e) => {
                            const amount = Number(e.target.value.replace(',', '.'));
                            if (amount === r.AMOUNT) return;
                            setError(null);
                            save.mutate(
                              { MONITOR_ID: r.MONITOR_ID, CAMP_ID: r.CAMP_ID, DAYS: [{ DAY: r.DAY, AMOUNT: amount }] },
                              {
                                onError: (err) => {
                                  setError(failureOf(err));
                                  e.target.value = String(r.AMOUNT).replace('.', ',');
                                },
                              },
                            );
                          }}
                        />
                      </td>
                    </tr>
                  ))}
              </tbody>
            </Table>
          </SectionCard>
        );
      })}
    </>
  );
}

/** The caps of the year, per kind of volunteer: settings (beheerder), the official figures until then. */
function CapsCard({ year }: { year: number }) {
  const settings = useFullSettings();
  const full = settings.data?.[0] as SettingsAnswer | undefined;
  if (!full) return null;
  return <CapsForm key={year} year={year} settings={full} />;
}

function CapsForm({ year, settings }: { year: number; settings: SettingsAnswer }) {
  const update = usePlanningChange('updateSettings');
  const initial = (caps: SettingsAnswer['VOLUNTEER_DAILY_CAP'], kind: VolunteerKind) =>
    String(capOf(caps, year, kind) ?? '').replace('.', ',');
  const [values, setValues] = useState(() =>
    Object.fromEntries(
      VOLUNTEER_KINDS.flatMap((k) => [
        [`daily-${k}`, initial(settings.VOLUNTEER_DAILY_CAP, k)],
        [`yearly-${k}`, initial(settings.VOLUNTEER_YEARLY_CAP, k)],
      ]),
    ),
  );
  const [message, setMessage] = useState<{ error: string | null; saved: boolean }>({ error: null, saved: false });
  const amount = (key: string) => Number((values[key] ?? '').replace(',', '.'));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const { VOLUNTEER_DAILY_CAP: _d, VOLUNTEER_YEARLY_CAP: _y, ...rest } = settings;
    setMessage({ error: null, saved: false });
    update.mutate(
      {
        ...rest,
        VOLUNTEER_DAILY_CAP: { [year]: { gewoon: amount('daily-gewoon'), verhoogd: amount('daily-verhoogd') } },
        VOLUNTEER_YEARLY_CAP: { [year]: { gewoon: amount('yearly-gewoon'), verhoogd: amount('yearly-verhoogd') } },
      },
      { onSuccess: () => setMessage({ error: null, saved: true }), onError: (err) => setMessage({ error: failureOf(err), saved: false }) },
    );
  };
  return (
    <SectionCard title={`Plafonds ${year}`}>
      <p className="small text-body-secondary">
        De wettelijke maxima van de forfaitaire kostenvergoeding voor vrijwilligers veranderen elk jaar. Zonder eigen bedragen gelden die
        van het laatste jaar ervoor. Vul de bedragen van {year} in zoals de FOD Sociale Zekerheid ze bekendmaakt.
      </p>
      <form onSubmit={submit}>
        {VOLUNTEER_KINDS.map((k) => (
          <fieldset key={k} className="mb-2">
            <legend className="small fw-semibold mb-1">{volunteerKindLabels[k]}</legend>
            {(['daily', 'yearly'] as const).map((cap) => (
              <Form.Group key={cap} controlId={`cap-${cap}-${k}`} className="mb-1">
                <Form.Label className="small mb-0">{cap === 'daily' ? 'Per dag (€)' : 'Per jaar (€)'}</Form.Label>
                <Form.Control
                  size="sm"
                  inputMode="decimal"
                  value={values[`${cap}-${k}`]}
                  onChange={(e) => setValues({ ...values, [`${cap}-${k}`]: e.target.value })}
                />
              </Form.Group>
            ))}
          </fieldset>
        ))}
        <ErrorAlert message={message.error} />
        <div className="d-flex align-items-center gap-2">
          <Button type="submit" size="sm" disabled={update.isPending}>
            Plafonds opslaan
          </Button>
          <span role="status" className="small">
            {message.saved ? 'Opgeslagen.' : ''}
          </span>
        </div>
      </form>
    </SectionCard>
  );
}
