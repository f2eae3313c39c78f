import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bankCalls } from '@common/contract/bank.js';
import { bankMessages } from '@common/schemas/bank.js';
import { callRoutes } from '../../lib/calls.js';
import { AppError } from '../../lib/errors.js';
import { currentAdminId } from '../../lib/session-user.js';
import * as service from './service.js';

/** One upload: at most 20 files of at most 20 MB (a month of CODA files is a few hundred KB). */
export const UPLOAD_LIMITS = { files: 20, fileBytes: 20 * 1024 * 1024 } as const;

/** The files of the multipart field `files`, read into memory within the limits; other fields are skipped. */
async function uploadedFiles(request: FastifyRequest): Promise<service.Upload[]> {
  const uploads: service.Upload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === 'files') uploads.push({ fileName: part.filename || 'bestand', bytes });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('BODY_TOO_LARGE', bankMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new AppError('BODY_TOO_LARGE', bankMessages.tooManyFiles);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('VALIDATION', bankMessages.noFiles);
    throw error;
  }
  if (uploads.length === 0) throw new AppError('VALIDATION', bankMessages.noFiles);
  return uploads;
}

/** Bank statement imports (issue 14); the queue and the payments of a subscription are in features/payments. */
const bankRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { files: UPLOAD_LIMITS.files, fileSize: UPLOAD_LIMITS.fileBytes, fields: 10, fieldSize: 1024, parts: UPLOAD_LIMITS.files + 10 },
  });
  await app.register(
    callRoutes(bankCalls, (app) => ({
      importBankStatements: async (request) => ({
        imports: await service.importBankStatements(app.database.db, currentAdminId(request), await uploadedFiles(request)),
      }),
      getBankImports: async () => service.listBankImports(app.database.db),
      undoBankImport: async (request) => service.undoBankImport(app.database.db, currentAdminId(request), request.body.importId),
    })),
  );
};

export default bankRoutes;
