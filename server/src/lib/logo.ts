import { createHash } from 'node:crypto';

/** Where the public site loads the organiser's logo from (server/src/plugins/web.ts serves it). */
export const LOGO_PATH = '/inschrijven/logo';

/** A logo's version: a hash of its data URL, so that a new logo gets a new address and the old one may be cached for good. */
export const logoVersion = (dataUrl: string) => createHash('sha256').update(dataUrl).digest('base64url').slice(0, 16);

/** The logo's address with its version, or null without a logo. */
export const logoUrl = (dataUrl: string | null) => (dataUrl ? `${LOGO_PATH}?v=${logoVersion(dataUrl)}` : null);

/** A PNG or JPEG data URL (settings refuse any other) as its type and bytes. */
export function logoImage(dataUrl: string): { type: string; bytes: Buffer } {
  const [head, base64] = dataUrl.split(',');
  return { type: /^data:(image\/(?:png|jpeg));base64$/.exec(head ?? '')?.[1] ?? 'image/png', bytes: Buffer.from(base64 ?? '', 'base64') };
}
