import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { PlanningAnswer } from '@common/schemas/planning.js';
import { formatDateTime } from '@common/format.js';
import { ConfirmModal } from '../../components/ConfirmModal.js';
import { failureOf } from './planning-errors.js';
import { usePlanningChange } from './api/planning-api.js';

/** The monitors with a confirmed camp in the camp year: those the publication mails. */
function plannedMonitors(data: PlanningAnswer): number {
  return new Set(data.camps.flatMap((c) => c.MONITORS.filter((m) => !m.DRAFT).map((m) => m.MONITOR_ID))).size;
}

/**
 * Publishing the camp year's planning (issue 36): until then it is a draft nobody is told about; publishing mails every
 * planned monitor their camps, and from then on each change mails the monitor it concerns.
 */
export function PublishPlanning({ data, year }: { data: PlanningAnswer; year: number }) {
  const publish = usePlanningChange('publishPlanning');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const count = plannedMonitors(data);
  const again = data.PUBLISHED_AT !== null;
  const confirm = () => {
    setError(null);
    publish.mutate(
      { campYear: year },
      {
        onSuccess: (answer) => {
          const mails = (answer as { MAILS: number }).MAILS;
          setAsking(false);
          setDone(mails === 1 ? '1 monitor krijgt de planning per mail.' : `${mails} monitoren krijgen de planning per mail.`);
        },
        onError: (e) => setError(failureOf(e)),
      },
    );
  };
  return (
    <Alert variant={again ? 'light' : 'info'} className="d-flex flex-wrap align-items-center gap-2 py-2" data-testid="planning-publication">
      <span className="me-auto">
        {again
          ? `Gepubliceerd op ${formatDateTime(data.PUBLISHED_AT)}. Wie nu ingepland, van een kamp gehaald of (geen) hoofdmonitor wordt, krijgt een mail met wat er veranderde.`
          : 'Nog niet gepubliceerd: de monitoren krijgen hun planning pas per mail wanneer je ze publiceert.'}
        {done && <strong className="ms-1">{done}</strong>}
      </span>
      <Button size="sm" variant={again ? 'outline-primary' : 'primary'} onClick={() => setAsking(true)} disabled={count === 0}>
        {again ? 'Planning opnieuw versturen' : 'Planning publiceren'}
      </Button>
      <ConfirmModal
        show={asking}
        title={again ? 'Planning opnieuw versturen?' : 'Planning publiceren?'}
        confirmLabel={count === 1 ? '1 mail versturen' : `${count} mails versturen`}
        pending={publish.isPending}
        error={error}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p className="mb-0">
          {count === 1 ? '1 monitor krijgt' : `${count} monitoren krijgen`} de eigen kampen van {year} per mail. Concepten die nog niet
          bevestigd zijn, gaan niet mee.
        </p>
      </ConfirmModal>
    </Alert>
  );
}
