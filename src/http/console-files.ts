/**
 * @module The console's built files, sent by @fastify/send (what @fastify/static sends with). Imported on the first
 * request for the console, so a server nobody opens the console on never loads it.
 */
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends `path` (decoded, as Fastify gives route parameters) from `root`: a folder is redirected to its own URL with a slash. */
export async function sendConsoleFile(req: FastifyRequest, reply: FastifyReply, root: string, path: string): Promise<void> {
  const { statusCode, headers, stream, type, metadata } = await send(req.raw, encodeURI(path), { root, index: ['index.html'] });
  if (type === 'directory') {
    const url = new URL(req.raw.url ?? '/', 'http://localhost');
    return void reply.redirect(`${url.pathname}/${url.search}`, 301);
  }
  if (type === 'error') {
    const error = metadata.error as NodeJS.ErrnoException & { status?: number };
    if (error.code === 'ENOENT' || error.status === 404) return void reply.callNotFound();
    return void reply.send(error);
  }
  await reply.code(statusCode).headers(headers).send(stream);
}
