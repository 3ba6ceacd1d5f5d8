/**
 * @module The errors ES's RestController answers itself, before any handler, as a bare
 * `{"error": "<message>"[, "status": N]}` instead of an exception envelope.
 */
export class EsSimpleError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** ES leaves `status` out of the "no handler found" body. */
    readonly withStatus = true,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return this.withStatus ? { error: this.message, status: this.status } : { error: this.message };
  }
}
