/** Where the public site loads the organiser's logo from (server/src/plugins/web.ts serves it). */
export const LOGO_PATH = '/inschrijven/logo';

/** The logo's address with its version (lib/settings.ts, readPublicOrganiser), or null without a logo. */
export const logoUrl = (version: string | null) => (version ? `${LOGO_PATH}?v=${version}` : null);

/** A PNG or JPEG data URL (settings refuse any other) as its type and bytes. */
export function logoImage(dataUrl: string): { type: string; bytes: Buffer } {
  const [head, base64] = dataUrl.split(',');
  return { type: /^data:(image\/(?:png|jpeg));base64$/.exec(head ?? '')?.[1] ?? 'image/png', bytes: Buffer.from(base64 ?? '', 'base64') };
}
