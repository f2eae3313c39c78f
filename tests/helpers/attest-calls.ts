/**
 * The attest files (issue 16) answer 409 or 404 on the demo data: its organiser is not recognised by an
 * authority and its camps have no attendance. The call-table tests leave them to tests/api/attests.test.ts.
 */
export const attestDownloads = new Set([
  'getFiscalAttestPdf',
  'exportFiscalAttests',
  'getParticipationAttestPdf',
  'exportBelcotax',
  'exportBelcotaxCorrections',
]);
