import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextField } from '../../../components/form.js';
import { useLocations } from '../../../lib/lookups.js';
import type { ReactNode } from 'react';
import type { MonitorCardSpec, MonitorFieldName } from './monitor-fields.js';

/**
 * The inputs of one card. The form holds all of the monitor's fields (create mode) or only this
 * card's (update mode), so it is typed loosely; the names come from the card's spec.
 */
export function MonitorFields({
  form,
  card,
  below = {},
}: {
  form: UseFormReturn<any, any, any>;
  card: MonitorCardSpec;
  /** What shows under a field (the national number's 'Tonen'). */
  below?: Partial<Record<MonitorFieldName, ReactNode>>;
}) {
  const locations = useLocations();
  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.LOCATION_ID, label: l.LOCATION_NAME }));
  return (
    <Row>
      {card.fields.map(({ name, label, width, kind = 'text', required, hint }) => (
        <Col sm={width} key={name}>
          {kind === 'location' ? (
            <SelectField form={form} name={name} label={label} options={locationOptions} placeholder="Geen locatie" />
          ) : kind === 'textarea' ? (
            <TextField form={form} name={name} label={label} required={required} hint={hint} as="textarea" rows={3} />
          ) : (
            <TextField form={form} name={name} label={label} required={required} hint={hint} type={kind} />
          )}
          {below[name]}
        </Col>
      ))}
    </Row>
  );
}
