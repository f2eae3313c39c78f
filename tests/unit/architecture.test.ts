import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md names real files and functions; code moves while the document stays. Every path in backticks
 * must exist, and a name tied to a file ('`name` in `path`', '`name` (`path`)', '`path` (`name`, …)',
 * '`path`: `name`') must occur in that file, so a rename that forgets the document fails here.
 */
const root = path.resolve(import.meta.dirname, '../..');
const document = 'ARCHITECTURE.md';
const text = readFileSync(path.join(root, document), 'utf8');

const PATH = /^(?:common|server|web|tests|scripts|bench|docs)\/[\w./-]*$|^[\w-]+\.(?:md|json)$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const isPath = (token: string) => PATH.test(token);
const source = (file: string) => readFileSync(path.join(root, file), 'utf8');
const mentions = (file: string, name: string) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(source(file));

/** The names tied to a file, with the file. */
function namesTiedToFiles(): { name: string; file: string }[] {
  const tied: { name: string; file: string }[] = [];
  const add = (name: string, file: string) => {
    if (IDENTIFIER.test(name) && isPath(file) && !file.endsWith('/')) tied.push({ name, file });
  };
  for (const [, name, file] of text.matchAll(/`([^`]+)`\s+(?:in\s+|\()`([^`]+)`/g)) add(name!, file!);
  // '`path` (`a`, `b`: more)' and '`path`: `a`, `b`': the names up to the first colon or closing parenthesis.
  for (const [, file, list] of text.matchAll(/`([^`]+)`(?:\s+\(|:\s+)((?:`[^`]+`(?:,\s+|\s+and\s+|\s)*)+)/g)) {
    for (const [, name] of list!.matchAll(/`([^`]+)`/g)) add(name!, file!);
  }
  return tied;
}

describe(document, () => {
  it('every path it names in backticks exists', () => {
    const paths = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter(isPath);
    expect(paths.length).toBeGreaterThan(50);
    const missing = paths.filter((p) => !existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });

  it('every link to a file of the repository points at one that exists', () => {
    const links = [...text.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.filter((l) => !existsSync(path.join(root, l)))).toEqual([]);
  });

  it('every function or name it ties to a file occurs in that file', () => {
    const tied = namesTiedToFiles();
    expect(tied.length).toBeGreaterThan(40);
    const absent = tied.filter(({ name, file }) => !existsSync(path.join(root, file)) || !mentions(file, name));
    expect(absent.map(({ name, file }) => `${name} in ${file}`)).toEqual([]);
  });
});

/** The files that may name a record of docs/decisions.md: the tracked sources and documents. */
function trackedTexts(): { file: string; text: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return files
    .filter((f) => /\.(?:ts|tsx|mjs|js|md)$/.test(f) && f !== 'tests/unit/architecture.test.ts' && existsSync(path.join(root, f)))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

describe('references to a record of docs/decisions.md', () => {
  it('every "decisions.md, \'Title\'" in the code and the documents names a heading there', () => {
    const headings = [...source('docs/decisions.md').matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!);
    const references: { file: string; title: string }[] = [];
    for (const { file, text } of trackedTexts()) {
      for (const m of text.matchAll(/decisions\.md[)\],]*\s*\(?['‘]([^'’]+)['’]/g)) {
        references.push({ file, title: m[1]!.replace(/\s*\n\s*(?:\*|\/\/)?\s*/g, ' ') });
      }
    }
    expect(references.length).toBeGreaterThan(20);
    const dangling = references.filter(({ title }) => !headings.some((h) => h.startsWith(title)));
    expect(dangling.map(({ file, title }) => `${file}: '${title}'`)).toEqual([]);
  });
});
