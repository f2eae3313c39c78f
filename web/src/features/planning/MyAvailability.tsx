import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { formatDate } from '@common/format.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { failureOf } from './planning-errors.js';
import { useMyAvailability, usePlanningChange } from './api/planning-api.js';

/**
 * 'Mijn beschikbaarheid' (issue 36): a monitor ticks the periods of the camp year they can work; each tick is saved at
 * once and the planners see it in their planning. A period they are planned in stays ticked.
 */
export function MyAvailability({ year }: { year: number }) {
  const mine = useMyAvailability(year);
  const save = usePlanningChange('saveMyAvailability');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!mine.data || mine.data.periods.length === 0) return null;
  const { periods, AVAILABLE_PERIOD_IDS: available, PLANNED_PERIOD_IDS: planned } = mine.data;
  const toggle = (periodId: number, on: boolean) => {
    setError(null);
    setSaved(false);
    const next = on ? [...available, periodId] : available.filter((id) => id !== periodId);
    save.mutate({ PERIOD_IDS: next, campYear: year }, { onError: (e) => setError(failureOf(e)), onSuccess: () => setSaved(true) });
  };
  return (
    <Card as="section" className="mb-3" aria-labelledby="my-availability">
      <Card.Body>
        <h2 className="h5" id="my-availability">
          Mijn beschikbaarheid
        </h2>
        <p className="text-body-secondary small">Vink de periodes aan waarin je op kamp kan. De planners zien je keuze meteen.</p>
        <ErrorAlert message={error} />
        {periods.map((p) => (
          <Form.Check
            key={p.PERIOD_ID}
            id={`my-available-${p.PERIOD_ID}`}
            className="mb-2"
            label={`${p.PERIOD_NAME} (${formatDate(p.PERIOD_STARTDATE)} tot ${formatDate(p.PERIOD_ENDDATE)})${planned.includes(p.PERIOD_ID) ? ': ingepland' : ''}`}
            checked={available.includes(p.PERIOD_ID)}
            disabled={save.isPending || planned.includes(p.PERIOD_ID)}
            onChange={(e) => toggle(p.PERIOD_ID, e.target.checked)}
          />
        ))}
        <p className="small mb-0" role="status">
          {saved ? 'Je beschikbaarheid is bewaard.' : ''}
        </p>
      </Card.Body>
    </Card>
  );
}
