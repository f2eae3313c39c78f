import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { auditActionLabel } from '@common/audit-fields.js';
import { AuditEntries, useAuditLog, type AuditFilter } from '../../components/AuditEntries.js';
import { FilterSelect, type FilterOption } from '../../components/FilterSelect.js';

const noFilter = { userId: '', action: '', entity: '', entityId: '', from: '', to: '' };
type Filter = typeof noFilter;

const toQuery = (f: Filter): AuditFilter => ({
  ...(f.userId ? { userId: Number(f.userId) } : {}),
  ...(f.action ? { action: f.action } : {}),
  ...(f.entity ? { entity: f.entity } : {}),
  ...(f.entityId ? { entityId: f.entityId } : {}),
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
});

/** 'Logboek' (beheerder): the whole audit log, filtered by user, action, record and date. */
export default function LogbookPage() {
  const [filter, setFilter] = useState<Filter>(noFilter);
  const query = toQuery(filter);
  // The filters' choices come with every answer; the first page of the current filter carries them.
  const options = useAuditLog(query).data?.pages[0];
  const set = (key: keyof Filter) => (value: string) => setFilter((f) => ({ ...f, [key]: value }));
  const selects: { key: 'userId' | 'action' | 'entity'; label: string; allLabel: string; options: FilterOption[] }[] = [
    {
      key: 'userId',
      label: 'Gebruiker',
      allLabel: 'Alle gebruikers',
      options: (options?.users ?? []).map((u) => ({ value: u.id, label: u.email })),
    },
    {
      key: 'action',
      label: 'Actie',
      allLabel: 'Alle acties',
      options: (options?.actions ?? []).map((a) => ({ value: a, label: auditActionLabel(a) })),
    },
    {
      key: 'entity',
      label: 'Onderdeel',
      allLabel: 'Alle onderdelen',
      options: (options?.entities ?? []).map((e) => ({ value: e.entity, label: e.label })),
    },
  ];
  return (
    <>
      <h1 className="h3 mb-3">Logboek</h1>
      <Row className="g-2 mb-3" as="form" role="search" aria-label="Filters van het logboek" onSubmit={(e) => e.preventDefault()}>
        {selects.map((select) => (
          <Col key={select.key} md={select.key === 'entity' ? 2 : 3}>
            <FilterSelect
              id={`logbook-${select.key}`}
              label={select.label}
              allLabel={select.allLabel}
              value={filter[select.key]}
              options={select.options}
              onChange={set(select.key)}
            />
          </Col>
        ))}
        <Col md={1}>
          <Form.Label htmlFor="logbook-entity-id" className="small mb-1">
            Id
          </Form.Label>
          <Form.Control
            id="logbook-entity-id"
            size="sm"
            inputMode="numeric"
            value={filter.entityId}
            onChange={(e) => set('entityId')(e.target.value.replace(/\D/g, ''))}
          />
        </Col>
        <Col md={{ span: 'auto' }}>
          <Form.Label htmlFor="logbook-from" className="small mb-1">
            Van
          </Form.Label>
          <Form.Control id="logbook-from" size="sm" type="date" value={filter.from} onChange={(e) => set('from')(e.target.value)} />
        </Col>
        <Col md={{ span: 'auto' }}>
          <Form.Label htmlFor="logbook-to" className="small mb-1">
            Tot en met
          </Form.Label>
          <Form.Control id="logbook-to" size="sm" type="date" value={filter.to} onChange={(e) => set('to')(e.target.value)} />
        </Col>
      </Row>
      <AuditEntries filter={query} showRecord caption="Logboek" />
    </>
  );
}
