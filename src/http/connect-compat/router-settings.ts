/** @module What the Connect routers are built with, for the fast lanes that must decode, encode and compress as they do. */
import type { Compression } from '@connectrpc/connect/protocol';

export interface RouterSettings {
  readonly readMaxBytes: number;
  readonly jsonOptions: { readonly ignoreUnknownFields: boolean };
  readonly acceptCompression: readonly Compression[];
  readonly compressMinBytes: number;
  /** Aborted when the server starts closing: open streams end. */
  readonly shutdownSignal: AbortSignal;
}
