/** @module Real GridService clients over each protocol the server speaks. */
import { Code, ConnectError, createClient, type Client, type Transport } from '@connectrpc/connect';
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { GridErrorSchema, GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';

export type GridClient = Client<typeof GridService>;

export type ProtocolName = 'connect+proto' | 'connect+json' | 'grpc-web+proto' | 'grpc-web+json' | 'grpc (h2c)';

export function transportFor(protocol: ProtocolName, baseUrl: string): Transport {
  switch (protocol) {
    case 'connect+proto':
      return createConnectTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: true });
    case 'connect+json':
      return createConnectTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: false });
    case 'grpc-web+proto':
      return createGrpcWebTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: true });
    case 'grpc-web+json':
      return createGrpcWebTransport({ baseUrl, httpVersion: '1.1', useBinaryFormat: false });
    case 'grpc (h2c)':
      return createGrpcTransport({ baseUrl });
  }
}

/** The two Connect encodings every RPC is tested with. */
export const CONNECT_PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'connect+json'];
export const ALL_PROTOCOLS: readonly ProtocolName[] = ['connect+proto', 'connect+json', 'grpc-web+proto', 'grpc-web+json', 'grpc (h2c)'];

export function gridClient(baseUrl: string, protocol: ProtocolName = 'connect+proto'): GridClient {
  return createClient(GridService, transportFor(protocol, baseUrl));
}

/** Awaits a call that must fail and checks its Connect code, exact message and GridError detail number. */
export async function expectGridError(
  call: Promise<unknown>,
  expected: { code: Code; message: string | RegExp; gridError?: number },
): Promise<ConnectError> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught, 'expected the call to fail');
  const error = ConnectError.from(caught);
  assert.equal(Code[error.code], Code[expected.code], `code of: ${error.rawMessage}`);
  if (typeof expected.message === 'string') assert.equal(error.rawMessage, expected.message);
  else assert.match(error.rawMessage, expected.message);
  if (expected.gridError !== undefined) {
    const details = error.findDetails(GridErrorSchema);
    assert.equal(details.length, 1, 'one GridError detail');
    assert.equal(details[0]!.code, expected.gridError);
  }
  return error;
}
