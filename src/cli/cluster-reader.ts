/**
 * @module `tessera ilm forecast --url`: the answers a diagnostics bundle holds, read from a live cluster with GET
 * requests only. Every request is a GET of a read API, so the credentials need only read privileges; nothing is
 * written and a redirect is not followed (it could lead the credentials elsewhere).
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface ClusterSource {
  /** The cluster's base URL (`https://es.example.com:9200`), with no query or fragment. */
  readonly url: URL;
  /** `Basic` or `ApiKey` credentials, as the Authorization header carries them. */
  readonly authorization?: string;
  /** PEM certificates to trust instead of the system's (a cluster with its own CA). */
  readonly ca?: string;
  /** How long one answer may take, whole. */
  readonly timeoutMs: number;
  /** The largest answer taken. */
  readonly maxBytes: number;
}

/** A request the cluster answered with an error: its status and Elasticsearch's `type: reason`. */
export class ClusterReadError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly reason: string,
  ) {
    super(`${call} answered ${status}${reason === '' ? '' : `: ${reason}`}`);
  }
}

/** A read that could not be made at all (refused connection, TLS, time-out, an answer too big or not JSON). */
export class ClusterUnreachableError extends Error {}

function errorReason(body: string): string {
  try {
    const error = (JSON.parse(body) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object') {
      const { type, reason } = error as { type?: unknown; reason?: unknown };
      return [type, reason].filter((part) => typeof part === 'string').join(': ');
    }
  } catch {
    // Not JSON (a proxy's page): its first line says more than nothing.
  }
  return body.split('\n')[0]!.slice(0, 200);
}

/** GET `pathAndQuery` of the cluster: its JSON answer, or an error naming the call. */
export function getJson(source: ClusterSource, pathAndQuery: string): Promise<unknown> {
  const call = `GET ${pathAndQuery}`;
  const target = new URL(source.url.pathname.replace(/\/$/, '') + pathAndQuery, source.url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'GET',
        headers: { accept: 'application/json', ...(source.authorization !== undefined && { authorization: source.authorization }) },
        ...(source.ca !== undefined && { ca: source.ca }),
        timeout: source.timeoutMs,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > source.maxBytes) {
            req.destroy(new ClusterUnreachableError(`${call}: the answer is over ${source.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status !== 200) return reject(new ClusterReadError(call, status, status >= 300 && status < 400 ? `a redirect to ${res.headers.location ?? '?'}, not followed` : errorReason(body)));
          try {
            resolve(JSON.parse(body));
          } catch (error) {
            reject(new ClusterUnreachableError(`${call}: the answer is not JSON: ${(error as Error).message}`));
          }
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new ClusterUnreachableError(`${call}: no whole answer within ${source.timeoutMs / 1000}s`)), source.timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new ClusterUnreachableError(`${call}: no answer within ${source.timeoutMs / 1000}s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      reject(error instanceof ClusterUnreachableError ? error : new ClusterUnreachableError(`${call}: ${error.code ?? ''}${error.code ? ' ' : ''}${error.message}`));
    });
    req.end();
  });
}
