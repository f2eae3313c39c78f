import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The code a landing screen needs beyond the entry, in one chunk instead of dozens. Split by the bundler, the
 * overview's shared code came in some fifty chunks of a few hundred bytes; a browser asks one server at most six
 * at a time over HTTP/1.1, so they arrived in ten rounds one after the other, and gzip compressed each apart.
 * This plugin collects, once the module graph is known, every module the given landing modules import
 * statically that the entry does not already load, leaving out screen code (web/src/features/): shared
 * components, hooks, libraries and common rules. Other signed-in screens use most of it (the navigation bar,
 * the query cache, Bootstrap's parts), so for them it costs little; the entry, and so /login, is untouched.
 *
 * It also names every module the entry loads statically (`inEntry`), for one chunk of the entry's own: left to the
 * bundler, the modules the entry shares with other chunks (React's JSX runtime, the preload helper, the roles,
 * Bootstrap's theme) came in four small chunks besides it, and no module ran before the last of them was in.
 */
export function landingChunkPlugin(landingModules: readonly string[]): {
  plugin: Plugin;
  inLandingChunk: (id: string) => boolean;
  inEntry: (id: string) => boolean;
} {
  const landing = new Set<string>();
  const entryModules = new Set<string>();
  const roots = landingModules.map((file) => fileURLToPath(new URL(file, import.meta.url)));
  const features = fileURLToPath(new URL('./src/features/', import.meta.url));
  const plugin: Plugin = {
    name: 'kampbeheer-landing-chunk',
    apply: 'build',
    buildEnd() {
      const staticClosure = (starts: Iterable<string>) => {
        const seen = new Set<string>();
        const next = [...starts];
        while (next.length > 0) {
          const id = next.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          next.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = staticClosure(entries);
      const missing = roots.filter((root) => !this.getModuleInfo(root));
      if (missing.length > 0) this.error(`landing modules not in the build: ${missing.join(', ')}`);
      entryModules.clear();
      for (const id of initial) if (!this.getModuleInfo(id)?.isEntry) entryModules.add(id);
      landing.clear();
      for (const id of staticClosure(roots)) if (!initial.has(id) && !id.startsWith(features)) landing.add(id);
    },
  };
  return { plugin, inLandingChunk: (id) => landing.has(id), inEntry: (id) => entryModules.has(id) };
}
