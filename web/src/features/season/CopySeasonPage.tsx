import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { campYears } from '@common/constants.js';
import { formatDate } from '@common/format.js';
import { copySeasonPayload, type CopySeasonCamp, type CopySeasonResult } from '@common/schemas/season.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SelectField, TextField, useSchemaForm } from '../../components/form.js';
import { SaveButton } from '../../components/SaveButton.js';
import { SectionCard } from '../../components/SectionCard.js';
import { withServerFieldErrors } from '../../components/server-field-errors.js';
import { useSaveCycle } from '../../components/useSaveCycle.js';
import { useCopySeason } from './api/season-api.js';
import { Money } from '../../components/Money.js';

const copyFailed = 'Seizoen kopiëren mislukt, probeer opnieuw.';

/** Beheer › Seizoen kopiëren: choose the years, see what will be created and skipped, then copy. */
export default function CopySeasonPage() {
  const thisYear = new Date().getFullYear();
  // Only camp years the Kampjaar selector offers: a copy into a later year could not be opened (issue 39).
  const years = campYears().map((y) => ({ value: y, label: String(y) }));
  const form = useSchemaForm(
    copySeasonPayload,
    { fromYear: thisYear, toYear: thisYear + 1, priceIncreasePercent: '0', dryRun: true, copyPlanning: false },
    { guardUnsaved: false },
  );
  const copy = useCopySeason();
  const previewCycle = useSaveCycle(copyFailed);
  const copyCycle = useSaveCycle(copyFailed);
  const [result, setResult] = useState<CopySeasonResult | null>(null);

  const run = (dryRun: boolean) =>
    form.handleSubmit((values) =>
      (dryRun ? previewCycle : copyCycle).run(() => withServerFieldErrors(form, copy.mutateAsync({ ...values, dryRun })), setResult),
    )();

  return (
    <>
      <h1 className="h3 mb-3">Seizoen kopiëren</h1>
      <p className="text-muted">
        Elk kamp van het bronjaar komt in de periode met dezelfde naam van het doeljaar (ontbrekende periodes worden aangemaakt op dezelfde
        weekdag), met verschoven geboortejaren en kampdagen. Elke kopie start Gesloten. Wat al bestaat, wordt overgeslagen.
      </p>
      <SectionCard title="Jaren en prijs">
        <form onSubmit={(e) => e.preventDefault()} noValidate onChange={() => setResult(null)}>
          <Row>
            <Col sm={4}>
              <SelectField form={form} name="fromYear" label="Bronjaar" options={years} required />
            </Col>
            <Col sm={4}>
              <SelectField form={form} name="toYear" label="Doeljaar" options={years} required />
            </Col>
            <Col sm={4}>
              <TextField form={form} name="priceIncreasePercent" label="Prijsverhoging (%)" hint="0 laat de prijzen gelijk." />
            </Col>
          </Row>
          <Form.Check
            id="copy-planning"
            className="mb-3"
            label="Ook de monitorplanning van het bronjaar meekopiëren, als concept dat je per monitor bevestigt"
            {...form.register('copyPlanning')}
          />
          <ErrorAlert message={previewCycle.error ?? copyCycle.error} />
          <div className="d-flex gap-2">
            <SaveButton
              type="button"
              state={previewCycle.state}
              label="Voorbeeld tonen"
              savedLabel="Voorbeeld getoond"
              onClick={() => void run(true)}
            />
            <SaveButton
              type="button"
              state={copyCycle.state}
              label="Seizoen kopiëren"
              savedLabel="Gekopieerd"
              disabled={!result?.dryRun || result.created.length === 0}
              onClick={() => void run(false)}
            />
          </div>
        </form>
      </SectionCard>
      {result && <CopyResult result={result} />}
    </>
  );
}

function CopyResult({ result }: { result: CopySeasonResult }) {
  const newPeriods = result.periods.filter((p) => p.CREATED);
  return (
    <div data-testid="copy-result">
      <Alert variant={result.dryRun ? 'info' : 'success'}>
        {result.dryRun
          ? `Voorbeeld: ${result.created.length} kampen worden aangemaakt, ${result.skipped.length} overgeslagen, ${newPeriods.length} nieuwe periodes.`
          : `${result.created.length} kampen aangemaakt, ${result.skipped.length} overgeslagen, ${newPeriods.length} nieuwe periodes.`}
        {result.planning &&
          ` Monitorplanning: ${result.planning.COPIED} monitoren ${result.dryRun ? 'komen' : 'staan'} als concept op de kopieën` +
            (result.planning.SKIPPED > 0 ? `, ${result.planning.SKIPPED} niet (al op een ander kamp die week).` : '.')}
      </Alert>
      {newPeriods.length > 0 && (
        <SectionCard title={result.dryRun ? 'Nieuwe periodes' : 'Aangemaakte periodes'}>
          <ul className="mb-0">
            {newPeriods.map((p) => (
              <li key={p.PERIOD_NAME}>
                {p.PERIOD_NAME}: {formatDate(p.PERIOD_STARTDATE)} tot {formatDate(p.PERIOD_ENDDATE)}
              </li>
            ))}
          </ul>
        </SectionCard>
      )}
      <CampTable title={result.dryRun ? 'Wordt aangemaakt' : 'Aangemaakt'} camps={result.created} />
      <CampTable title="Overgeslagen (bestaat al)" camps={result.skipped} />
    </div>
  );
}

function CampTable({ title, camps }: { title: string; camps: CopySeasonCamp[] }) {
  if (camps.length === 0) return null;
  return (
    <SectionCard title={`${title} (${camps.length})`}>
      <Table size="sm" striped responsive className="mb-0">
        <thead>
          <tr>
            <th scope="col">Kamp</th>
            <th scope="col">Periode</th>
            <th scope="col">Leeftijdsgroep</th>
            <th scope="col">Geboortejaren</th>
            <th scope="col">Prijs</th>
          </tr>
        </thead>
        <tbody>
          {camps.map((c) => (
            <tr key={c.SOURCE_CAMP_ID}>
              <td>
                {c.THEME_NAME} - {c.LOCATION_NAME}
              </td>
              <td>
                {c.PERIOD_NAME} ({formatDate(c.PERIOD_STARTDATE)})
              </td>
              <td>{c.AGEGROUP_NAME}</td>
              <td>
                {c.MIN_BIRTHYEAR} - {c.MAX_BIRTHYEAR}
              </td>
              <td>
                <Money euro={c.PRICE} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </SectionCard>
  );
}
