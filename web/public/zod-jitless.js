// zod compiles fast parsers with `new Function` unless told not to; the page's Content-Security-Policy forbids
// eval, so each probe would be a violation. zod builds its probe when a schema is constructed, and the bundler
// may evaluate a shared chunk of schemas before any code of the entry, so this plain script runs first, before
// every module, and sets the object zod takes as its configuration.
globalThis.__zod_globalConfig = { jitless: true };
