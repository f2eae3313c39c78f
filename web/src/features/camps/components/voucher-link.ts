/** The voucher link of decisions.md section 6: the public site with voucher={token} and camp={campId}. */
export function voucherLink(publicSiteUrl: string, token: string, campId: number): string {
  const url = new URL(publicSiteUrl);
  url.searchParams.set('voucher', token);
  url.searchParams.set('camp', String(campId));
  return url.toString();
}
