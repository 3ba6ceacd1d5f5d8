/**
 * @module Grid RPCs as raw requests: each call's body encoded once per request with @bufbuild/protobuf (or once
 * for all, where it never changes) and sent over raw-http1.ts or raw-grpc.ts, with its answer checked.
 */
import { create, toBinary, toJsonString, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import http2 from 'node:http2';
import { GridService } from '../src/gen/tessera/grid/v1/grid_service_pb.js';
import { fieldInit } from '../test/helpers/fixtures.js';
import type { ProtocolName } from '../test/helpers/grid-clients.js';
import type { LoadJob } from './load-jobs.js';
import { grpcCall, grpcFrame } from './raw-grpc.js';
import { Http1Connection, http1Post } from './raw-http1.js';

export type Operation = (worker: number, iteration: number) => Promise<void>;

type MethodName = 'getFields' | 'updateField' | 'insertField' | 'deleteField';
type Input<M extends MethodName> = MessageInitShape<(typeof GridService.method)[M]['input']>;

/** HTTP/2 sessions the gRPC streams share, as a few client channels would. */
const GRPC_SESSIONS = 4;

/** Sends one encoded call of `method` for `worker`, and checks the answer's status and, if given, body length. */
type Send = <M extends MethodName>(worker: number, method: M, input: Input<M>, expectLength?: number) => Promise<void>;

function encode<D extends DescMessage>(protocol: ProtocolName, schema: D, init: MessageInitShape<D>): Uint8Array {
  const message = create(schema, init);
  return protocol === 'connect+json' ? Buffer.from(toJsonString(schema, message)) : toBinary(schema, message);
}

function path(method: MethodName): string {
  return `/${GridService.typeName}/${GridService.method[method].name}`;
}

/** Connect unary over HTTP/1.1 keep-alive connections, one per worker. */
function connectSender(job: LoadJob): { send: Send; close(): void } {
  const url = new URL(job.baseUrl);
  const headers = { 'content-type': job.protocol === 'connect+json' ? 'application/json' : 'application/proto', 'connect-protocol-version': '1' };
  const connections = Array.from({ length: job.concurrency }, () => new Http1Connection(url.hostname, Number(url.port)));
  const send: Send = async (worker, method, input, expectLength) => {
    const body = encode(job.protocol, GridService.method[method].input, input as never);
    const answer = await connections[worker]!.request(http1Post(url.host, path(method), headers, body));
    if (answer.status !== 200) throw new Error(`${method}: HTTP ${answer.status}`);
    if (expectLength !== undefined && answer.bodyLength !== expectLength) throw new Error(`${method}: ${answer.bodyLength} bytes, expected ${expectLength}`);
  };
  return { send, close: () => connections.forEach((c) => c.close()) };
}

/** gRPC over a few HTTP/2 sessions, the workers' streams spread over them. */
function grpcSender(job: LoadJob): { send: Send; close(): void } {
  const sessions = Array.from({ length: GRPC_SESSIONS }, () => http2.connect(job.baseUrl));
  for (const session of sessions) session.setMaxListeners(0);
  const send: Send = async (worker, method, input, expectLength) => {
    const frame = grpcFrame(encode(job.protocol, GridService.method[method].input, input as never));
    const answer = await grpcCall(sessions[worker % sessions.length]!, path(method), frame);
    if (answer.status !== 200 || answer.grpcStatus !== '0') throw new Error(`${method}: HTTP ${answer.status}, grpc-status ${answer.grpcStatus}`);
    if (expectLength !== undefined && answer.bodyLength !== 5 + expectLength) throw new Error(`${method}: ${answer.bodyLength} bytes, expected ${5 + expectLength}`);
  };
  return { send, close: () => sessions.forEach((s) => s.destroy()) };
}

export function rawGridCalls(job: LoadJob): { op: Operation; close(): void } {
  const { send, close } = job.protocol === 'grpc (h2c)' ? grpcSender(job) : connectSender(job);
  const { gridId, fieldIds } = job;
  const expect = job.expectBodyLength && (job.protocol === 'connect+json' ? job.expectBodyLength.json : job.expectBodyLength.proto);
  let op: Operation;
  switch (job.op) {
    case 'get-fields':
      op = (worker) => send(worker, 'getFields', { gridId }, expect);
      break;
    case 'update-field':
      // Workers rename different fields, but all of the same grid: its revision serialises them, as it would for real users of one grid.
      op = (worker, iteration) => send(worker, 'updateField', { gridId, fieldId: fieldIds[worker % fieldIds.length]!, oneOfName: { case: 'name', value: `w${worker} #${iteration}` } });
      break;
    case 'insert-delete':
      op = async (worker) => {
        const id = `bench_${worker}`;
        await send(worker, 'insertField', { gridId, field: fieldInit(id, `Temp ${worker}`) });
        await send(worker, 'deleteField', { gridId, fieldId: id });
      };
      break;
  }
  return { op, close };
}
