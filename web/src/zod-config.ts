import { z } from 'zod';

/**
 * zod compiles fast parsers with `new Function` unless told not to; the page's Content-Security-Policy
 * forbids eval, so every probe would be reported as a violation. Imported first, before any schema exists.
 */
z.config({ jitless: true });
