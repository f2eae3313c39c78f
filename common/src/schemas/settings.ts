/** GET getSettings: the configuration the web app needs to show, nothing secret. */
export interface SettingsRecord {
  /** The public booking site, base of voucher links. */
  PUBLIC_SITE_URL: string;
}
