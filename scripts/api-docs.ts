// npm run docs:api: writes docs/api.md, the API reference, from the OpenAPI document the server serves at
// /api/openapi.json (server/src/plugins/openapi.ts), per feature: method, path, who may call it, input fields, answer
// and refusals. tests/unit/api-docs.test.ts fails when docs/api.md is not what this writes now.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { contract, errorCodes, statusOfCode, type Call } from '@common/contract/index.js';
import { callRoute } from '../server/src/lib/calls.js';
import openapiPlugin from '../server/src/plugins/openapi.js';

const root = path.resolve(import.meta.dirname, '..');
export const API_DOCS_FILE = path.join(root, 'docs/api.md');

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}
interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The refusal codes the call declares (server/src/lib/calls.ts). */
  'x-refusal-codes'?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

/**
 * The OpenAPI document of every call of the table, made as the server makes it (the same plugin, the same route
 * options from `callRoute`) on a bare Fastify instance: no database is needed to describe the API.
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openapiPlugin);
  for (const [name, c] of Object.entries(contract) as [string, Call & { tag: string }][]) {
    app.route({ ...callRoute(name, c), handler: async () => ({}) });
  }
  await app.ready();
  const document = app.swagger() as unknown as OpenApiDocument;
  await app.close();
  return document;
}

const MAX_INT = 2147483647;
const code = (text: unknown) => `\`${String(text)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A short type: 'integer > 0', 'string (≤ 2000)', `'a'` or `'b'`, 'list of …'. */
function typeOf(schema: Schema, depth = 0): string {
  const variants = schema.anyOf ?? schema.oneOf;
  let text: string;
  if (variants) text = [...new Set(variants.map((v) => typeOf(v, depth)))].join(' or ');
  else if (schema.allOf) text = schema.allOf.map((v) => typeOf(v, depth)).join(' and ');
  else if (schema.const !== undefined) text = code(JSON.stringify(schema.const));
  else if (schema.enum)
    text = schema.enum.length <= 12 ? schema.enum.map((v) => code(JSON.stringify(v))).join(', ') : `one of ${schema.enum.length} values`;
  else if (schema.type === 'array') {
    const item = schema.items ? typeOf(schema.items, depth + 1) : 'anything';
    text = `list of ${item.replace(/^object\b/, 'objects')}`;
  } else if (schema.type === 'object' || schema.properties) {
    const names = Object.keys(schema.properties ?? {});
    text = names.length === 0 ? 'object' : depth > 0 ? `object (${names.map(code).join(', ')})` : 'object';
  } else if (schema.type === 'integer' || schema.type === 'number') text = schema.type + range(schema);
  else if (schema.type === 'string')
    text = schema.format === 'binary' ? 'file' : `${schema.format ? `${schema.format} ` : ''}string${length(schema)}`;
  else text = schema.type ?? 'anything';
  return schema.nullable ? `${text} or null` : text;
}

function range(schema: Schema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined) parts.push(`${schema.exclusiveMinimum === true ? '>' : '≥'} ${schema.minimum}`);
  else if (typeof schema.exclusiveMinimum === 'number') parts.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum !== MAX_INT) parts.push(`≤ ${schema.maximum}`);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

function length(schema: Schema): string {
  if (schema.minLength && schema.maxLength) return ` (${schema.minLength}–${schema.maxLength} characters)`;
  if (schema.maxLength) return ` (≤ ${schema.maxLength} characters)`;
  if (schema.minLength) return ` (≥ ${schema.minLength} characters)`;
  return '';
}

function notes(schema: Schema): string {
  const parts: string[] = [];
  if (schema.description) parts.push(schema.description);
  if (schema.default !== undefined) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  return parts.join('; ');
}

/** A markdown table with its columns padded, so that the file reads as a table too. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function fieldTable(rows: { name: string; schema: Schema; required: boolean; description?: string }[]): string[] {
  if (rows.length === 0) return [];
  return table(
    ['Field', 'Type', 'Required', 'Notes'],
    rows.map((r) => [code(r.name), cell(typeOf(r.schema)), r.required ? 'yes' : 'no', cell(r.description ?? notes(r.schema))]),
  );
}

function objectFields(schema: Schema) {
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    schema: field,
    required: schema.required?.includes(name) ?? false,
  }));
}

/** The fields of a body: a table per variant of a union, a note when other fields are taken too. */
function bodyLines(schema: Schema): string[] {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    return variants.flatMap((variant, i) => [`One of (${i + 1}):`, '', ...bodyLines(variant)]);
  }
  if (schema.type !== 'object' && !schema.properties) return [`${typeOf(schema)}.`, ''];
  const lines = fieldTable(objectFields(schema));
  if (lines.length === 0) lines.push('An object.');
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    lines.push('', 'Other fields are passed on to the handler, which validates them.');
  }
  return [...lines, ''];
}

/** The answer's `data`: its fields when it is an object or a list of objects, else its type. */
function answerText(operation: Operation): string {
  const ok = operation.responses['200']?.content ?? {};
  const json = ok['application/json'];
  if (!json) return `a file: ${Object.keys(ok).map(code).join(', ')}.`;
  const data = json.schema.properties?.data ?? {};
  const list = data.type === 'array' && data.items ? data.items : null;
  const shown = list ?? data;
  if (shown.properties && Object.keys(shown.properties).length > 0) {
    const fields = objectFields(shown).map((f) => `${code(f.name)} (${typeOf(f.schema, 1)}${f.required ? '' : ', optional'})`);
    return `\`{ data }\`, data ${list ? 'a list of objects' : 'an object'} with ${fields.join(', ')}.`;
  }
  return `\`{ data }\`, data ${typeOf(data)}.`;
}

/** What each refusal status means; the codes it carries come from `statusOfCode`. */
const statusMeaning: Record<string, string> = {
  '400': 'Bad input: `fields` names each wrong field with its Dutch message',
  '401': 'No valid session (Bearer token missing, expired or signed out)',
  '403': 'The role may not use this call',
  '404': 'The record named does not exist',
  '409':
    'The state of the data refuses it (the message says why), a save over a newer version, or an `Idempotency-Key` used for another request',
  '413': 'The body is over the limit',
  '429': 'Too many attempts; try again later',
  '500': 'An error of the server (nothing internal is shown)',
  '503': 'The database cannot be reached right now; try again shortly',
};

const codesOf = (status: string) => errorCodes.filter((c) => String(statusOfCode[c]) === status);

function refusalLine(operation: Operation): string {
  const statuses = Object.keys(operation.responses).filter((s) => s !== '200');
  const declared = operation['x-refusal-codes'] ?? [];
  const described = statuses.map((status) => {
    const own = declared.filter((c) => String(statusOfCode[c as keyof typeof statusOfCode]) === status);
    return own.length > 0 ? `${status} (${own.map(code).join(', ')})` : status;
  });
  return `Refusals: ${described.join(', ')}.`;
}

function operationLines(method: string, pathName: string, operation: Operation): string[] {
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const body = operation.requestBody?.content;
  const lines = [
    `### ${operation.operationId}`,
    '',
    `\`${method.toUpperCase()} ${pathName}\` · ${operation.description ?? ''}`,
    '',
    `${operation.summary}.`.replace(/\.\.$/, '.'),
    '',
  ];
  if (query.length > 0) {
    lines.push(
      'Query:',
      '',
      ...fieldTable(query.map((p) => ({ name: p.name, schema: p.schema, required: p.required === true, description: p.description }))),
      '',
    );
  }
  if (body) {
    for (const [contentType, { schema }] of Object.entries(body)) {
      lines.push(`Body (${code(contentType)}):`, '', ...bodyLines(schema));
    }
  }
  lines.push(`Answer: ${answerText(operation)}`, '', refusalLine(operation), '');
  return lines;
}

/**
 * docs/api.md from an OpenAPI document. The file is left out of Prettier (.prettierignore): formatting it would take
 * seconds in the test that keeps it current, and its tables are padded here.
 */
export function apiReference(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [pathName, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.operationId) continue;
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), ...operationLines(method, pathName, operation)]);
    }
  }
  const statuses = Object.keys(statusMeaning);
  const lines = [
    '# API reference',
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document (scripts/api-docs.ts); do not edit by hand. -->',
    '',
    `${document.info.title} ${document.info.version}. ${document.info.description ?? ''}`,
    '',
    'Every call is under `/api/` and needs `Authorization: Bearer <token>` (from `login`) unless it says no sign-in is',
    'needed. A GET takes its input in the query string, a POST as JSON. A signed-in POST may carry an `Idempotency-Key`',
    'header (README, Configuration). The machine-readable document is served at `/api/openapi.json`.',
    '',
    '## Refusals',
    '',
    'Every failure answers `{ error: { code, message, fields? } }`. Each call lists the statuses it may answer; a status',
    "followed by codes names the refusal codes the call declares for it (the contract's `refusals`). Every signed-in",
    'change may also answer 409 `CONFLICT` to an `Idempotency-Key` used for another request.',
    '',
    ...table(
      ['Status', 'Meaning', 'Codes'],
      statuses.map((s) => [s, statusMeaning[s]!, codesOf(s).map(code).join(', ')]),
    ),
    '',
    ...[...byTag.entries()].flatMap(([tag, operationText]) => [`## ${tag}`, '', ...operationText]),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(API_DOCS_FILE, apiReference(await openApiDocument()));
  console.log(`Geschreven: ${path.relative(root, API_DOCS_FILE)}`);
}
