/**
 * WatchFields in its plain form (Connect streaming or gRPC over HTTP/2, no request compression, no timeout: what
 * Connect's own clients send) is served by a shorter path than Connect's (server-stream-fast-lane.ts), which encodes
 * each changeset once for every stream it reaches. Its streams must be byte for byte what Connect sends: a call with
 * a timeout takes Connect's path, so two streams on the same grid, one by each path, are compared whole: headers,
 * envelopes (compressed where the client accepts it and a changeset is over 1 KiB), end of stream and trailers.
 */
import { fromJson, toBinary, type JsonValue } from '@bufbuild/protobuf';
import assert from 'node:assert/strict';
import http from 'node:http';
import http2 from 'node:http2';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { WatchFieldsPayloadSchema } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { fieldInit, useServer } from '../helpers/fixtures.js';
import { gridClient } from '../helpers/grid-clients.js';
import { envelope } from '../helpers/raw-answers.js';

const PATH = '/tessera.grid.v1.GridService/WatchFields';

interface Stream {
  readonly status: number;
  /** Headers but the date, in the order sent. */
  readonly headers: readonly string[];
  readonly body: Buffer;
  readonly trailers: readonly string[];
}

function request(json: JsonValue, format: 'binary' | 'json'): Buffer {
  return envelope(format === 'json' ? Buffer.from(JSON.stringify(json)) : toBinary(WatchFieldsPayloadSchema, fromJson(WatchFieldsPayloadSchema, json)));
}

const headerLines = (raw: readonly string[]) => raw.flatMap((name, i) => (i % 2 === 0 && name.toLowerCase() !== 'date' ? [`${name}: ${raw[i + 1]}`] : []));

/** The changesets of the history `grid()` makes: the default fields, the long field, its rename. */
const REPLAYED = 3;

/**
 * Calls `done` once `count` whole envelopes have arrived in the chunks it is given. Only then has a stream replayed
 * the history: a stream still reading it when the grid is deleted finds the history gone and ends early.
 */
function afterEnvelopes(count: number, done: () => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let seen = 0;
  return (chunk) => {
    if (seen >= count) return;
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 5 && pending.length >= 5 + pending.readUInt32BE(1)) {
      pending = pending.subarray(5 + pending.readUInt32BE(1));
      if (++seen === count) return done();
    }
  };
}

/** A Connect stream over HTTP/1.1, read to its end. */
/** `replayed`, when given, is called once the replay of the grid's history has arrived. */
function connectStream(url: string, contentType: string, body: Uint8Array, extra: Readonly<Record<string, string>>, replayed?: () => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${PATH}`, { method: 'POST', headers: { 'content-type': contentType, ...extra } }, (res) => {
      const chunks: Buffer[] = [];
      const counted = replayed && afterEnvelopes(REPLAYED, replayed);
      res.on('data', (chunk: Buffer) => {
        counted?.(chunk);
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: headerLines(res.rawHeaders), body: Buffer.concat(chunks), trailers: headerLines(res.rawTrailers) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A gRPC stream over HTTP/2, read to its end. */
function grpcStream(url: string, contentType: string, body: Uint8Array, extra: Readonly<Record<string, string>>, replayed?: () => void): Promise<Stream> {
  const session = http2.connect(url);
  return new Promise<Stream>((resolve, reject) => {
    const stream = session.request({ ':method': 'POST', ':path': PATH, 'content-type': contentType, te: 'trailers', ...extra });
    let status = 0;
    let headers: string[] = [];
    let trailers: string[] = [];
    const chunks: Buffer[] = [];
    stream.on('response', (h) => {
      status = Number(h[':status']);
      headers = Object.entries(h).filter(([k]) => k !== 'date').map(([k, v]) => `${k}: ${String(v)}`);
    });
    stream.on('trailers', (t) => (trailers = Object.entries(t).map(([k, v]) => `${k}: ${String(v)}`)));
    const counted = replayed && afterEnvelopes(REPLAYED, replayed);
    stream.on('data', (chunk: Buffer) => {
      counted?.(chunk);
      chunks.push(chunk);
    });
    stream.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks), trailers }));
    stream.on('error', reject);
    stream.end(body);
  }).finally(() => session.close());
}

const VIA_CONNECT = { connect: { 'connect-timeout-ms': '60000' }, grpc: { 'grpc-timeout': '60S' } } as const;

describe('WatchFields in its plain form', () => {
  const ctx = useServer();

  /** A grid with a history: default fields, a changeset over 1 KiB, small ones. */
  async function grid(): Promise<string> {
    const client = gridClient(ctx.url);
    const { id } = await client.createGrid({ name: 'Watched' });
    await client.insertField({ gridId: id, field: fieldInit('long', 'Long', FieldType.RichText, { desc: 'd'.repeat(2_000) }) });
    await client.updateField({ gridId: id, fieldId: 'long', oneOfName: { case: 'name', value: 'Renamed' } });
    return id;
  }

  /** As connect-node's clients send a body: chunked, with no content-length. */
  const chunkedStream = (url: string, contentType: string, body: Uint8Array, extra: Readonly<Record<string, string>>, replayed?: () => void) =>
    connectStream(url, contentType, body, { 'transfer-encoding': 'chunked', ...extra }, replayed);

  const cases = [
    { protocol: 'connect', type: 'application/connect+proto', format: 'binary', open: connectStream },
    { protocol: 'connect', type: 'application/connect+json', format: 'json', open: connectStream },
    { protocol: 'connect', type: 'application/connect+proto', format: 'binary', open: chunkedStream },
    { protocol: 'connect', type: 'application/connect+json', format: 'json', open: chunkedStream },
    { protocol: 'grpc', type: 'application/grpc', format: 'binary', open: grpcStream },
    { protocol: 'grpc', type: 'application/grpc+json', format: 'json', open: grpcStream },
  ] as const;

  for (const { protocol, type, format, open } of cases) {
    for (const accept of [undefined, 'gzip, br', 'br']) {
      it(`streams what Connect streams: ${type}${open === chunkedStream ? ' chunked' : ''}, offering ${accept ?? 'no compression'}`, async () => {
        const gridId = await grid();
        const acceptHeader: Record<string, string> = accept === undefined ? {} : { [protocol === 'connect' ? 'connect-accept-encoding' : 'grpc-accept-encoding']: accept };
        const body = request({ gridId, afterRevision: '0' }, format);
        // Live changes once both streams have replayed the whole history (so both are subscribed and past it), then the end.
        let replayed = 0;
        let bothReplayed!: () => void;
        const replays = new Promise<void>((resolve) => (bothReplayed = resolve));
        const onReplay = () => ++replayed === 2 && bothReplayed();
        const streams = Promise.all([open(ctx.url, type, body, acceptHeader, onReplay), open(ctx.url, type, body, { ...acceptHeader, ...VIA_CONNECT[protocol] }, onReplay)]);
        await Promise.race([replays, streams]);
        const client = gridClient(ctx.url);
        await client.updateField({ gridId, fieldId: 'long', oneOfName: { case: 'name', value: 'Live' } });
        await client.deleteGrid({ value: gridId });
        const [plain, viaConnect] = await streams;
        assert.equal(plain.status, 200);
        assert.ok(plain.body.length > 2_000 || accept !== undefined, 'the replay and the live change arrived');
        assert.deepEqual(plain, viaConnect);
        if (accept !== undefined) assert.ok(plain.headers.includes(`${protocol === 'connect' ? 'connect-content-encoding' : 'grpc-encoding'}: ${accept.split(',')[0]}`));
      });
    }

    it(`fails as Connect fails: ${type}${open === chunkedStream ? ' chunked' : ''}, a missing grid and a revision out of range`, async () => {
      const gridId = await grid();
      for (const json of [{ gridId: 'missing000' }, { gridId, afterRevision: '99' }, { gridId: '' }] as JsonValue[]) {
        const body = request(json, format);
        const plain = await open(ctx.url, type, body, {});
        assert.deepEqual(plain, await open(ctx.url, type, body, VIA_CONNECT[protocol]), JSON.stringify(json));
        assert.ok(plain.trailers.some((t) => t.startsWith('grpc-status: ')) || plain.body.includes('"error"'), JSON.stringify(json));
      }
    });

    it(`leaves to Connect a body that is not one plain envelope: ${type}${open === chunkedStream ? ' chunked' : ''}`, async () => {
      const gridId = await grid();
      const one = request({ gridId }, format);
      const overLimit = envelope(Buffer.alloc(3 * 1024 * 1024, 0x20));
      for (const body of [Buffer.concat([one, one]), one.subarray(0, 3), Buffer.from([1, ...one.subarray(1)]), Buffer.alloc(0), overLimit]) {
        const plain = await open(ctx.url, type, body, {});
        assert.deepEqual(plain, await open(ctx.url, type, body, VIA_CONNECT[protocol]), body.toString('hex'));
      }
    });
  }
});
