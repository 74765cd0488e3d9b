/**
 * What the documents' routes share: a file sent as a download, and the schemas of their params.
 */
import type { FastifyReply } from 'fastify';
import { z } from '@hospes/shared/zod';
import type { FileAnswer } from './file-answer';

export const security = [{ bearerAuth: [] }];
/** Ids are checked by the service, so that a malformed one answers 404 like an unknown one. */
export const IdParams = z.object({ id: z.string().max(100) });
export const FileResponse = z.any();

/** Headers of a file answer: a download, never cached, its name readable by the client. */
export function fileHeaders(reply: FastifyReply, fileName: string, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('access-control-expose-headers', 'content-disposition, x-total-count');
}

export function sendFile(reply: FastifyReply, file: FileAnswer) {
  const body = typeof file.body === 'string' ? Buffer.from(file.body, 'utf8') : file.body;
  return fileHeaders(reply, file.fileName, file.contentType)
    .header('content-length', String(body.length))
    .send(body);
}
