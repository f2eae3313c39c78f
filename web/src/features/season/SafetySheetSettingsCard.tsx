import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import {
  levelOf,
  SAFETY_LEVELS,
  SAFETY_QUESTION_KEYS,
  SAFETY_QUESTIONS,
  safetyLevelLabels,
  type SafetyLevel,
  type SafetyLevels,
} from '@common/safety-sheet.js';
import type { SafetySheetSettings } from '@common/schemas/safety-sheet.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { SectionCard } from '../../components/SectionCard.js';
import { TextInput } from '../../components/TextInput.js';
import { api, ApiError } from '../../lib/api-client.js';
import { useMayCall } from '../../lib/may-call.js';
import { callQuery, invalidateAfter } from '../../lib/queries.js';

/**
 * 'Veiligheidsfiches' on Beheer › Instellingen (issue 35, a beheerder): the warning level of each question, how many
 * days before a camp its monitors read the sheets, after how many days a sheet not kept in an account is erased, and
 * whether medewerkers may read and fill in sheets.
 */
export function SafetySheetSettingsCard() {
  const mayChange = useMayCall('saveSafetySheetSettings');
  const settings = useQuery({ ...callQuery('getSafetySheetSettings'), enabled: mayChange });
  if (!mayChange) return null;
  if (settings.isError) return <ErrorAlert message="Niet gelukt om de regels van de veiligheidsfiches op te halen. Probeer opnieuw." />;
  // Whoever may change the rules reads all of them (a medewerker's answer holds only MEDEWERKER_READS).
  return settings.data ? <SettingsForm stored={settings.data as SafetySheetSettings} /> : null;
}

function SettingsForm({ stored }: { stored: SafetySheetSettings }) {
  const queryClient = useQueryClient();
  const [levels, setLevels] = useState<SafetyLevels>(stored.LEVELS);
  const [days, setDays] = useState({
    MONITOR_DAYS_BEFORE: String(stored.MONITOR_DAYS_BEFORE),
    RETENTION_DAYS: String(stored.RETENTION_DAYS),
  });
  const [medewerkerReads, setMedewerkerReads] = useState(stored.MEDEWERKER_READS);
  const save = useMutation({
    mutationFn: () =>
      api.call('saveSafetySheetSettings', {
        LEVELS: levels,
        MONITOR_DAYS_BEFORE: Number(days.MONITOR_DAYS_BEFORE),
        RETENTION_DAYS: Number(days.RETENTION_DAYS),
        MEDEWERKER_READS: medewerkerReads,
      }),
    onSuccess: () => invalidateAfter(queryClient, 'saveSafetySheetSettings'),
  });
  const failed = save.error instanceof ApiError ? save.error : null;
  const changed = () => save.reset();
  return (
    <SectionCard
      title="Veiligheidsfiches"
      footer={
        <div className="d-flex justify-content-end align-items-center gap-3">
          {save.isSuccess && (
            <span role="status" className="text-success-emphasis">
              Opgeslagen
            </span>
          )}
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            Regels opslaan
          </Button>
        </div>
      }
    >
      <ErrorAlert message={failed && !failed.fields ? failed.message : null} />
      <Table size="sm" className="align-middle">
        <caption className="caption-top">Hoe dringend elk antwoord op de daglijst van de monitoren staat.</caption>
        <thead>
          <tr>
            <th scope="col">Antwoord</th>
            <th scope="col">Niveau</th>
          </tr>
        </thead>
        <tbody>
          {SAFETY_QUESTION_KEYS.map((question) => (
            <tr key={question}>
              <th scope="row" className="fw-normal">
                <label htmlFor={`level-${question}`}>{SAFETY_QUESTIONS[question].label}</label>
              </th>
              <td>
                <Form.Select
                  id={`level-${question}`}
                  size="sm"
                  value={levelOf(question, levels)}
                  onChange={(e) => {
                    setLevels({ ...levels, [question]: e.target.value as SafetyLevel });
                    changed();
                  }}
                >
                  {SAFETY_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {safetyLevelLabels[level]}
                    </option>
                  ))}
                </Form.Select>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <TextInput
        label="Dagen voor het kamp dat de monitoren de fiches lezen"
        inputMode="numeric"
        value={days.MONITOR_DAYS_BEFORE}
        error={failed?.fields?.MONITOR_DAYS_BEFORE}
        aria-invalid={!!failed?.fields?.MONITOR_DAYS_BEFORE || undefined}
        onChange={(e) => {
          setDays({ ...days, MONITOR_DAYS_BEFORE: e.target.value });
          changed();
        }}
      />
      <TextInput
        label="Dagen na het laatste kamp dat een fiche bewaard blijft (tenzij het gezin ze in zijn account bewaart)"
        inputMode="numeric"
        value={days.RETENTION_DAYS}
        error={failed?.fields?.RETENTION_DAYS}
        aria-invalid={!!failed?.fields?.RETENTION_DAYS || undefined}
        onChange={(e) => {
          setDays({ ...days, RETENTION_DAYS: e.target.value });
          changed();
        }}
      />
      <Form.Check
        id="medewerker-reads"
        label="Medewerkers mogen fiches lezen en invullen"
        checked={medewerkerReads}
        onChange={(e) => {
          setMedewerkerReads(e.target.checked);
          changed();
        }}
      />
    </SectionCard>
  );
}
