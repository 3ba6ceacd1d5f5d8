/** @module Raw HTTP/1.1 calls whose answers tests compare byte for byte: status, headers in order, body. */
import http from 'node:http';
import http2 from 'node:http2';

export interface RawAnswer {
  readonly status: number;
  /** Every header but the date, in the order sent. */
  readonly headers: readonly string[];
  readonly body: Buffer;
  readonly trailers?: Readonly<Record<string, unknown>>;
}

/** POSTs `body` to `url`; a content type of undefined sends none. */
export function rawPost(url: string, contentType: string | undefined, body: Uint8Array, extra: Readonly<Record<string, string>> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...(contentType !== undefined && { 'content-type': contentType }), ...extra };
    const request = http.request(url, { method: 'POST', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          if (response.rawHeaders[i]!.toLowerCase() !== 'date') headers.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        }
        resolve({ status: response.statusCode!, headers, body: Buffer.concat(chunks) });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A message in the 5-byte envelope of Connect streaming and gRPC: flags, length, message. */
export function envelope(message: Uint8Array, flags = 0): Buffer {
  const out = Buffer.alloc(5 + message.byteLength);
  out[0] = flags;
  out.writeUInt32BE(message.byteLength, 1);
  out.set(message, 5);
  return out;
}

/** A gRPC call over its own HTTP/2 connection: `body` is sent as it is (frame it with `envelope`). */
export async function rawGrpc(url: string, path: string, contentType: string, body: Uint8Array, extra: Readonly<Record<string, string>> = {}): Promise<RawAnswer> {
  const session = http2.connect(url);
  try {
    return await new Promise<RawAnswer>((resolve, reject) => {
      const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': contentType, te: 'trailers', ...extra });
      let status = 0;
      let headers: string[] = [];
      let trailers: Record<string, unknown> = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => {
        status = Number(h[':status']);
        headers = Object.entries(h).filter(([k]) => k !== 'date').map(([k, v]) => `${k}: ${String(v)}`);
      });
      stream.on('trailers', (t) => (trailers = { ...t }));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks), trailers }));
      stream.on('error', reject);
      stream.end(body);
    });
  } finally {
    session.close();
  }
}
