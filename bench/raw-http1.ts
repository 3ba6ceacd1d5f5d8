/**
 * @module A keep-alive HTTP/1.1 connection that writes pre-encoded requests and reads answers with no more parsing
 * than their status and length, as autocannon does: node:http's client costs more CPU per call than a bare server
 * spends answering it, so it would measure itself rather than the server.
 */
import net from 'node:net';

export interface RawAnswer {
  readonly status: number;
  readonly bodyLength: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The bytes of a POST with a body, ready to write as they are. */
export function http1Post(host: string, path: string, headers: Readonly<Record<string, string>>, body: Uint8Array): Buffer {
  const lines = [`POST ${path} HTTP/1.1`, `host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `content-length: ${body.length}`];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

export class Http1Connection {
  #socket: net.Socket | undefined;
  #buffered: Buffer = Buffer.alloc(0);
  #waiter: { resolve(answer: RawAnswer): void; reject(error: Error): void } | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  /** One request at a time per connection: the next is written when the previous answer has been read. */
  request(bytes: Buffer): Promise<RawAnswer> {
    const socket = (this.#socket ??= this.#connect());
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
      socket.write(bytes);
    });
  }

  close(): void {
    this.#socket?.destroy();
  }

  #connect(): net.Socket {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.#buffered = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
      this.#parse();
    });
    const fail = (error: Error) => {
      this.#socket = undefined;
      this.#buffered = Buffer.alloc(0);
      const waiter = this.#waiter;
      this.#waiter = undefined;
      waiter?.reject(error);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    return socket;
  }

  #parse(): void {
    const headEnd = this.#buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.#buffered.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      // Chunked answers are not read here; no Tessera answer the benchmarks ask for is one.
      this.#socket?.destroy(new Error(`an answer without content-length: ${head.split('\r\n')[0]}`));
      return;
    }
    const bodyLength = Number(length[1]);
    const end = headEnd + HEAD_END.length + bodyLength;
    if (this.#buffered.length < end) return;
    this.#buffered = this.#buffered.subarray(end);
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.resolve({ status: Number(head.slice(9, 12)), bodyLength });
  }
}
