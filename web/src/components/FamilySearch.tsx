import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { SEARCH_DEBOUNCE_MS } from '@common/constants.js';
import type { FamilyRecord } from '@common/schemas/registration.js';
import { callQuery } from '../lib/queries.js';
import { useDebouncedCallback } from './useDebouncedCallback.js';

/** Families found on the server by name, e-mail or national number (at least 2 characters). */
export function useFamilies(search: string) {
  return useQuery({
    ...callQuery('findFamilies', { search }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** 'Hilde Peeters, Kerkstraat 12, 9000 Gent — hilde@voorbeeld.be': a family as a search result names it. */
export const familyLine = (f: FamilyRecord) =>
  `${f.SUBSCRIBER_PARENT_FIRSTNAME} ${f.SUBSCRIBER_PARENT_LASTNAME}, ${f.SUBSCRIBER_PARENT_STREET} ${f.SUBSCRIBER_PARENT_HOUSENR}, ${f.SUBSCRIBER_PARENT_POSTALCODE} ${f.SUBSCRIBER_PARENT_CITY} — ${f.SUBSCRIBER_PARENT_EMAIL}`;

interface FamilySearchProps {
  id: string;
  /** The family chosen now, marked in the list. */
  chosenId: number | null;
  onChoose: (family: FamilyRecord) => void;
  /** Beside the search box ('Nieuwe ouder' on the registration). */
  actions?: ReactNode;
  /** No list of results (while a new parent is entered). */
  hideResults?: boolean;
}

/**
 * Finding a family by name, e-mail or national number, searched on the server (`findFamilies`, which answers no
 * national number) 350 ms after typing stops: the registration and Gegevensbeheer use this one search. It shows the
 * first 20 and, when there are more, says how many and asks to refine (issue 39).
 */
export function FamilySearch({ id, chosenId, onChoose, actions, hideResults = false }: FamilySearchProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedCallback((text: string) => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
  const families = useFamilies(search);
  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Form.Group controlId={id} className="flex-grow-1">
          <Form.Label>Zoek een gezin op naam, e-mail of rijksregisternummer</Form.Label>
          <Form.Control
            type="search"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              debounced.call(e.target.value);
            }}
            autoComplete="off"
          />
        </Form.Group>
        {actions}
      </div>
      {families.data && search.length >= 2 && !hideResults && (
        <ListGroup className="mb-2" aria-label="Gevonden gezinnen">
          {families.data.FAMILIES.length === 0 && <ListGroup.Item>Geen gezin gevonden.</ListGroup.Item>}
          {families.data.FAMILIES.map((f) => (
            <ListGroup.Item key={f.SUBSCRIBER_PARENT_ID} action active={chosenId === f.SUBSCRIBER_PARENT_ID} onClick={() => onChoose(f)}>
              {familyLine(f)}
              {f.CHILDREN.length > 0 && ` (kinderen: ${f.CHILDREN.map((c) => c.SUBSCRIBER_FIRSTNAME).join(', ')})`}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {families.data && search.length >= 2 && !hideResults && families.data.TOTAL > families.data.FAMILIES.length && (
        <p className="small" role="status" data-testid="families-more">
          {families.data.FAMILIES.length} van {families.data.TOTAL} gezinnen getoond. Verfijn je zoekopdracht: typ meer van de naam, een
          voornaam, het e-mailadres of het rijksregisternummer.
        </p>
      )}
    </>
  );
}
