import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { UseFormReturn } from 'react-hook-form';
import { formatDayMonth } from '@common/format.js';
import type { CampPayload, CampValues } from '@common/schemas/camps.js';
import { daysOfPeriod, parseDayList, weekday, weekdaysOfPeriod } from '@common/season/dates.js';
import { RequiredMark } from '../../../components/TextInput.js';

const WEEKDAY_NAMES = ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'];

interface CampDaysPickerProps {
  form: UseFormReturn<CampPayload, unknown, CampValues>;
  /** The camp's period; without one there is nothing to pick from yet. */
  period: { PERIOD_ID: number; PERIOD_STARTDATE: string; PERIOD_ENDDATE: string } | undefined;
}

/**
 * 'Kampdagen': the days of the camp's period as toggle buttons. A chosen period starts with its weekdays;
 * a click takes a day off or puts it back. The form keeps ACTIVE_DAYS as the comma list the API carries.
 */
export function CampDaysPicker({ form, period }: CampDaysPickerProps) {
  const labelId = useId();
  const value = form.watch('ACTIVE_DAYS');
  const chosen = new Set(parseDayList(value));
  const error = form.formState.errors.ACTIVE_DAYS?.message;
  const periodKey = period ? `${period.PERIOD_ID}:${period.PERIOD_STARTDATE}:${period.PERIOD_ENDDATE}` : '';

  // A new period (or a camp without days) starts with the period's weekdays; days of another period are dropped.
  useEffect(() => {
    if (!period) return;
    const current = parseDayList(form.getValues('ACTIVE_DAYS'));
    const inside = current.filter((d) => d >= period.PERIOD_STARTDATE && d <= period.PERIOD_ENDDATE);
    if (inside.length === 0 || inside.length !== current.length) {
      const days = inside.length > 0 ? inside : weekdaysOfPeriod(period.PERIOD_STARTDATE, period.PERIOD_ENDDATE);
      form.setValue('ACTIVE_DAYS', days.join(','), { shouldDirty: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of period resets the days
  }, [periodKey]);

  const toggle = (day: string) => {
    const next = new Set(chosen);
    if (next.has(day)) next.delete(day);
    else next.add(day);
    form.setValue('ACTIVE_DAYS', [...next].sort().join(','), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
  };

  return (
    <Form.Group className="mb-3">
      <div id={labelId} className="form-label">
        Kampdagen
        <RequiredMark />
      </div>
      {period ? (
        <div role="group" aria-labelledby={labelId} className="d-flex flex-wrap gap-1">
          {daysOfPeriod(period.PERIOD_STARTDATE, period.PERIOD_ENDDATE).map((day) => (
            <Button
              key={day}
              size="sm"
              variant={chosen.has(day) ? 'primary' : 'outline-secondary'}
              aria-pressed={chosen.has(day)}
              onClick={() => toggle(day)}
            >
              {WEEKDAY_NAMES[weekday(day)]} {formatDayMonth(day)}
            </Button>
          ))}
        </div>
      ) : (
        <Form.Text>Kies eerst een periode.</Form.Text>
      )}
      <Form.Text className="d-block">Klik op een dag om hem weg te laten of terug toe te voegen.</Form.Text>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </Form.Group>
  );
}
