import type { TestApp } from './api.js';

/** A multipart/form-data body as a browser sends it: each file under the field `files` (or another field). */
export async function multipartBody(
  files: { name: string; bytes: Uint8Array }[],
  field = 'files',
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const file of files) form.append(field, new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** POST /api/importBankStatements through inject, signed in as the test administrator. */
export async function uploadStatements(t: TestApp, files: { name: string; bytes: Uint8Array }[], field = 'files') {
  const { payload, contentType } = await multipartBody(files, field);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/importBankStatements',
    payload,
    headers: { authorization: `Bearer ${t.token}`, 'content-type': contentType },
  });
  return { status: response.statusCode, body: response.json() as any };
}
