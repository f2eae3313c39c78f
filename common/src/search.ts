import { SEARCH_MIN_LENGTH } from './constants.js';

/** Lower case without accents, so that 'celine' finds 'Céline' (decisions.md section 7). */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Letters and digits only, lower case and without accents: the one search rule of the product (decisions.md
 * section 7, issue 12). Punctuation, spaces and every kind of apostrophe are ignored on both sides, so
 * 'dhondt' and 'D’Hondt' find D'Hondt, 'vandenbroeck' finds Van den Broeck, and '85073003361' finds
 * 85.07.30-033.61.
 */
export function compactText(text: string): string {
  return normaliseText(text).replace(/[^\p{L}\p{N}]/gu, '');
}

export interface SearchQuery {
  /** The query's words, each compacted; a word of punctuation only ('-', '/') names nothing and is left out. */
  words: string[];
}

/** null when the query is too short to search: the full list is shown then. */
export function parseSearchQuery(text: string): SearchQuery | null {
  const trimmed = text.trim();
  if (trimmed.length < SEARCH_MIN_LENGTH) return null;
  return {
    words: trimmed
      .split(/\s+/)
      .map(compactText)
      .filter((word) => word !== ''),
  };
}

/** Precomputed haystack of one record, so that filtering 10,000 rows per keystroke stays cheap. */
export interface SearchIndexEntry {
  /** Every searched field compacted, kept apart by a separator so that no word spans two fields. */
  text: string;
}

export function searchIndexEntry(fields: (string | null | undefined)[]): SearchIndexEntry {
  return {
    text: fields
      .filter((field): field is string => Boolean(field))
      .map(compactText)
      .join('\u0001'),
  };
}

/**
 * Exact matching: every word of the query occurs in some searched field, or is one of `wholeCodes` entirely
 * (compacted codes matched only whole, such as the national numbers searchSubscriptions looks through).
 */
export function matchesSearch(entry: SearchIndexEntry, query: SearchQuery, wholeCodes: readonly string[] = []): boolean {
  return query.words.every((word) => entry.text.includes(word) || wholeCodes.includes(word));
}
