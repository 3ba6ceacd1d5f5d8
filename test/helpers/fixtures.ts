/** @module Shared test fixtures: a server per suite, and shortcuts for type-option bytes and fields. */
import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { after, before } from 'node:test';
import { FieldSchema, FieldType, type Field } from '../../src/gen/tessera/grid/v1/field_pb.js';
import type { ServerOptions } from '../../src/server.js';
import { startTestServer, type TestServer } from './server.js';

/** Starts one server before the suite's tests and disposes of it after them. */
export function useServer(options: ServerOptions = {}): { readonly url: string; readonly server: TestServer } {
  let server: TestServer | undefined;
  before(async () => {
    server = await startTestServer(options);
  });
  after(async () => {
    await server?.dispose();
  });
  return {
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
  };
}

export function encode<Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): Uint8Array {
  return toBinary(schema, create(schema, init));
}

export function decode<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array): MessageShape<Desc> {
  return fromBinary(schema, bytes);
}

/** A visible field as a client would send it to InsertField. */
export function fieldInit(id: string, name: string, fieldType: FieldType = FieldType.RichText, extra: MessageInitShape<typeof FieldSchema> = {}): Field {
  return create(FieldSchema, { id, name, fieldType, visibility: true, width: 0, ...extra });
}
