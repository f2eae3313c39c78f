import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (the one with package.json), found from this file's folder upwards: the same answer
 * from the sources (server/src) under tsx and from the built server (dist/server) under plain node.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Geen package.json boven ${start}`);
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
export const migrationsFolder = path.join(projectRoot, 'server/drizzle');
export const webDistDir = path.join(projectRoot, 'dist/web');
