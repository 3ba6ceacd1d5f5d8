/**
 * @module The `deflate` encoding (zlib's format, as HTTP and gRPC name it), which @connectrpc/connect-node does not
 * ship: gzip and brotli are its own. Requests are inflated by the decode gate (request-inflate.ts) against the whole
 * request's budget; this codec compresses answers, and decompresses only where connect-es would itself.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import type { Compression } from '@connectrpc/connect/protocol';
import { promisify } from 'node:util';
import { deflate as deflateCallback, inflate as inflateCallback } from 'node:zlib';

const deflate = promisify(deflateCallback);
const inflate = promisify(inflateCallback);

export const compressionDeflate: Compression = {
  name: 'deflate',
  async compress(bytes) {
    return new Uint8Array(await deflate(bytes));
  },
  async decompress(bytes, readMaxBytes) {
    if (bytes.length === 0) return new Uint8Array(0);
    try {
      return new Uint8Array(await inflate(bytes, { maxOutputLength: readMaxBytes }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ConnectError(`message is larger than configured readMaxBytes ${readMaxBytes} after decompression`, Code.ResourceExhausted);
      }
      throw new ConnectError('decompression failed', Code.InvalidArgument);
    }
  },
};
