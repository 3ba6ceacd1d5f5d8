/** The Elasticsearch-compatible API, as any client calls it: JSON over fetch, ES error envelopes turned into EsError. */
import { authorizationHeader } from '../session.ts';

export class EsError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly reason: string,
    readonly body: unknown,
  ) {
    super(reason);
  }
}

export async function es<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  return send<T>(method, path, body === undefined ? undefined : { type: 'application/json', data: JSON.stringify(body) });
}

/** A body that is not JSON, sent as it is: a zip's bytes as `application/zip`. */
export function esBytes<T = unknown>(method: string, path: string, body: Blob, contentType: string): Promise<T> {
  return send<T>(method, path, { type: contentType, data: body });
}

async function send<T>(method: string, path: string, body?: { type: string; data: BodyInit }): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization = authorizationHeader();
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = body.type;
  // 'omit': a 401 must reach the console's own sign-in form, not open the browser's basic-auth prompt.
  const response = await fetch(path, { method, headers, credentials: 'omit', ...(body !== undefined && { body: body.data }) });
  const text = await response.text();
  const parsed: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) {
    const error = (parsed as { error?: { type?: string; reason?: string } | string } | undefined)?.error;
    if (typeof error === 'object' && error) throw new EsError(response.status, error.type ?? 'error', error.reason ?? text, parsed);
    throw new EsError(response.status, 'error', typeof error === 'string' ? error : `HTTP ${response.status}`, parsed);
  }
  return parsed as T;
}
