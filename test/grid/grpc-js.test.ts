import * as grpc from '@grpc/grpc-js';
import {
  create,
  createFileRegistry,
  equals,
  fromBinary,
  toBinary,
  type DescMessage,
  type DescMethod,
  type DescMethodServerStreaming,
  type DescMethodUnary,
  type MessageInitShape,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  anyUnpack,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
  file_google_protobuf_any,
  type Any,
} from '@bufbuild/protobuf/wkt';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FieldType, GridFieldChangesetSchema, type GridFieldChangeset } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridErrorSchema, GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { MoveItemType, type GridChange } from '../../src/gen/tessera/grid/v1/row_pb.js';
import { SingleSelectTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { gridClient } from '../helpers/grid-clients.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** `google.rpc.Status`, which protobuf-es does not ship, described by hand so protobuf-es can decode it. */
const StatusSchema = createFileRegistry(
  create(FileDescriptorProtoSchema, {
    name: 'google/rpc/status.proto',
    package: 'google.rpc',
    dependency: ['google/protobuf/any.proto'],
    syntax: 'proto3',
    messageType: [
      {
        name: 'Status',
        field: [
          { name: 'code', jsonName: 'code', number: 1, type: FieldDescriptorProto_Type.INT32, label: FieldDescriptorProto_Label.OPTIONAL },
          { name: 'message', jsonName: 'message', number: 2, type: FieldDescriptorProto_Type.STRING, label: FieldDescriptorProto_Label.OPTIONAL },
          {
            name: 'details',
            jsonName: 'details',
            number: 3,
            type: FieldDescriptorProto_Type.MESSAGE,
            typeName: '.google.protobuf.Any',
            label: FieldDescriptorProto_Label.REPEATED,
          },
        ],
      },
    ],
  }),
  (file) => (file === 'google/protobuf/any.proto' ? file_google_protobuf_any : undefined),
).getMessage('google.rpc.Status')!;

/** A bound on each test: a regression that stalls a stream fails the test instead of hanging the run. */
const TEST_OPTIONS = { timeout: 20_000 };

type GrpcServiceClient = InstanceType<grpc.ServiceClientConstructor>;

interface RpcStatus {
  code: number;
  message: string;
  details: Any[];
}

function methodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

/** grpc-js method definitions for every GridService method, (de)serialised by protobuf-es. */
function grpcDefinition(): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
  for (const method of GridService.methods) {
    const input: DescMessage = method.input;
    const output: DescMessage = method.output;
    definition[method.localName] = {
      path: methodPath(method),
      requestStream: method.methodKind === 'client_streaming' || method.methodKind === 'bidi_streaming',
      responseStream: method.methodKind === 'server_streaming' || method.methodKind === 'bidi_streaming',
      requestSerialize: (message) => Buffer.from(toBinary(input, message as MessageShape<typeof input>)),
      requestDeserialize: (bytes) => fromBinary(input, bytes),
      responseSerialize: (message) => Buffer.from(toBinary(output, message as MessageShape<typeof output>)),
      responseDeserialize: (bytes) => fromBinary(output, bytes),
      originalName: method.name,
    };
  }
  return definition;
}

type UnaryMethod = (request: unknown, callback: (error: grpc.ServiceError | null, response?: unknown) => void) => grpc.ClientUnaryCall;
type StreamMethod = (request: unknown) => grpc.ClientReadableStream<unknown>;

function unary<I extends DescMessage, O extends DescMessage>(
  client: GrpcServiceClient,
  method: DescMethodUnary<I, O>,
  input: MessageInitShape<I>,
): Promise<MessageShape<O>> {
  const call = client[method.localName] as UnaryMethod;
  return new Promise((resolve, reject) => {
    call.call(client, create(method.input, input), (error, response) => {
      if (error) reject(error);
      else resolve(response as MessageShape<O>);
    });
  });
}

function serverStream<I extends DescMessage, O extends DescMessage>(
  client: GrpcServiceClient,
  method: DescMethodServerStreaming<I, O>,
  input: MessageInitShape<I>,
): grpc.ClientReadableStream<MessageShape<O>> {
  const call = client[method.localName] as StreamMethod;
  return call.call(client, create(method.input, input)) as grpc.ClientReadableStream<MessageShape<O>>;
}

/** Reads a server stream as queued events, so a test can await its next message, error or end. */
function streamReader<T>(call: grpc.ClientReadableStream<T>) {
  type Event = { kind: 'data'; value: T } | { kind: 'error'; error: grpc.ServiceError } | { kind: 'end' };
  const events: Event[] = [];
  let wake: (() => void) | undefined;
  const push = (event: Event) => {
    events.push(event);
    wake?.();
  };
  call.on('data', (value: T) => push({ kind: 'data', value }));
  call.on('error', (error: grpc.ServiceError) => push({ kind: 'error', error }));
  call.on('end', () => push({ kind: 'end' }));
  return {
    async next(): Promise<Event> {
      while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      return events.shift()!;
    },
  };
}

describe('GridService through @grpc/grpc-js (gRPC over h2c)', () => {
  let server: TestServer;
  let client: GrpcServiceClient;
  before(async () => {
    server = await startTestServer();
    const GridServiceClient = grpc.makeGenericClientConstructor(grpcDefinition(), 'GridService');
    client = new GridServiceClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
  });
  after(async () => {
    client?.close();
    await server?.dispose();
  });

  it('uses the service paths of the proto package', TEST_OPTIONS, () => {
    assert.equal(methodPath(GridService.method.createGrid), '/tessera.grid.v1.GridService/CreateGrid');
    assert.equal(methodPath(GridService.method.watchFields), '/tessera.grid.v1.GridService/WatchFields');
    assert.equal(GridService.method.watchFields.methodKind, 'server_streaming');
  });

  it('creates a grid and reads its fields', TEST_OPTIONS, async () => {
    const grid = await unary(client, GridService.method.createGrid, { name: 'From grpc-js' });
    assert.equal(grid.name, 'From grpc-js');
    assert.equal(grid.revision, 1n);
    assert.equal(grid.fieldOrders.length, 3);

    const fields = await unary(client, GridService.method.getFields, { gridId: grid.id });
    assert.deepEqual(
      fields.items.map((f) => [f.name, f.fieldType, f.isPrimary]),
      [
        ['Name', FieldType.RichText, true],
        ['Type', FieldType.SingleSelect, false],
        ['Done', FieldType.Checkbox, false],
      ],
    );
    assert.deepEqual(
      fields.items.map((f) => f.id),
      grid.fieldOrders.map((o) => o.fieldId),
    );

    // The same state is visible to a Connect client on the same port.
    const viaConnect = await gridClient(server.url).getGrid({ value: grid.id });
    assert.equal(viaConnect.revision, 1n);
    assert.equal(viaConnect.name, 'From grpc-js');
  });

  it('reports an unknown grid as NOT_FOUND with a google.rpc.Status carrying a GridError', TEST_OPTIONS, async () => {
    const failure = await unary(client, GridService.method.getGrid, { value: 'noSuchGrid' }).then(
      () => assert.fail('GetGrid of an unknown id must fail'),
      (error: unknown) => error as grpc.ServiceError,
    );
    const message = 'grid "noSuchGrid" does not exist';
    assert.equal(failure.code, grpc.status.NOT_FOUND);
    assert.equal(failure.code, 5);
    assert.equal(failure.details, message);

    const values = failure.metadata.get('grpc-status-details-bin');
    assert.equal(values.length, 1, 'one grpc-status-details-bin trailer');
    const bytes = values[0];
    assert.ok(Buffer.isBuffer(bytes), 'a -bin trailer is binary');
    const status = fromBinary(StatusSchema, bytes) as unknown as RpcStatus;
    assert.equal(status.code, 5);
    assert.equal(status.message, message);
    assert.equal(status.details.length, 1);
    assert.equal(status.details[0]!.typeUrl, 'type.googleapis.com/tessera.grid.v1.GridError');
    const gridError = anyUnpack(status.details[0]!, GridErrorSchema);
    assert.ok(gridError, 'the detail unpacks as tessera.grid.v1.GridError');
    assert.equal(gridError.code, 10001);
    // Nothing was dropped while decoding: re-encoding gives the trailer's bytes back.
    assert.deepEqual(Buffer.from(toBinary(StatusSchema, status as never)), bytes);
  });

  it('streams WatchFields: the replayed history, then a changeset another client makes', TEST_OPTIONS, async () => {
    const connect = gridClient(server.url, 'connect+proto');
    const grid = await connect.createGrid({ name: 'Watched by grpc-js' });
    const call = serverStream(client, GridService.method.watchFields, { gridId: grid.id, afterRevision: 0n });
    const reader = streamReader<GridFieldChangeset>(call);
    try {
      const first = await reader.next();
      assert.equal(first.kind, 'data');
      assert.equal(first.value.revision, 1n);
      assert.deepEqual(
        first.value.insertedFields.map((i) => i.field!.name),
        ['Name', 'Type', 'Done'],
      );

      // The stream is now live on the server, so this commit reaches it.
      const made = await connect.insertField({ gridId: grid.id, field: { name: 'Amount', fieldType: FieldType.Number } });
      assert.equal(made.revision, 2n);
      const second = await reader.next();
      assert.equal(second.kind, 'data');
      assert.ok(equals(GridFieldChangesetSchema, second.value, made), 'grpc-js receives what the Connect client committed');
    } finally {
      call.cancel();
    }
    const ended = await reader.next();
    assert.equal(ended.kind, 'error');
    assert.equal(ended.error.code, grpc.status.CANCELLED);
  });

  it('writes rows and cells and streams them with WatchGrid', TEST_OPTIONS, async () => {
    const grid = await unary(client, GridService.method.createGrid, { name: 'Rows by grpc-js' });
    const nameField = grid.fieldOrders[0]!.fieldId;
    const call = serverStream(client, GridService.method.watchGrid, { gridId: grid.id, afterRevision: 1n });
    const reader = streamReader<GridChange>(call);
    try {
      const created = await unary(client, GridService.method.createRow, { gridId: grid.id });
      const rowId = created.insertedRows[0]!.row!.id;
      const updated = await unary(client, GridService.method.updateCell, {
        gridId: grid.id,
        rowId,
        fieldId: nameField,
        oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'from grpc-js' },
      });
      assert.equal(updated.revision, 3n);
      const listed = await unary(client, GridService.method.listRows, { gridId: grid.id });
      assert.deepEqual(listed.items.map((r) => r.cellByFieldId[nameField]?.content), ['from grpc-js']);
      assert.equal(listed.revision, 3n);
      for (const revision of [2n, 3n]) {
        const event = await reader.next();
        assert.equal(event.kind, 'data');
        assert.equal(event.value.revision, revision);
        assert.equal(event.value.change.case, 'rows');
      }
      // Every other row and cell RPC, as grpc-js calls them.
      const statusField = grid.fieldOrders[1]!.fieldId;
      const options = await gridClient(server.url).newSelectOption({ fieldIdentifier: { gridId: grid.id, fieldId: statusField }, optionName: 'Open' });
      await gridClient(server.url).updateFieldTypeOption({ gridId: grid.id, fieldId: statusField, typeOptionData: toBinary(SingleSelectTypeOptionSchema, create(SingleSelectTypeOptionSchema, { options: [options] })) });
      const copy = (await unary(client, GridService.method.duplicateRow, { gridId: grid.id, rowId })).insertedRows[0]!.row!.id;
      assert.equal((await unary(client, GridService.method.getRow, { gridId: grid.id, rowId: copy })).cellByFieldId[nameField]?.content, 'from grpc-js');
      assert.deepEqual((await unary(client, GridService.method.getGridBlocks, { gridId: grid.id })).items[0]!.rowOrders.map((o) => o.rowId), [rowId, copy]);
      assert.equal((await unary(client, GridService.method.moveItem, { gridId: grid.id, itemId: copy, toIndex: 0, ty: MoveItemType.MoveRow })).change.case, 'rows');
      await unary(client, GridService.method.updateCells, { gridId: grid.id, changesets: [{ rowId: copy, fieldId: nameField, oneOfCellContentChangeset: { case: 'cellContentChangeset', value: 'copy' } }] });
      await unary(client, GridService.method.updateSelectOptionCell, { cellIdentifier: { gridId: grid.id, rowId, fieldId: statusField }, oneOfInsertOptionId: { case: 'insertOptionId', value: options.id } });
      assert.equal((await unary(client, GridService.method.getCell, { gridId: grid.id, rowId, fieldId: statusField })).content, 'Open');
      await unary(client, GridService.method.deleteRow, { gridId: grid.id, rowId: copy });
      assert.deepEqual((await unary(client, GridService.method.listRows, { gridId: grid.id })).items.map((r) => r.id), [rowId]);
      const { id: dated } = await gridClient(server.url).createGrid({ name: 'Dates by grpc-js', bare: true });
      await gridClient(server.url).insertField({ gridId: dated, field: { id: 'due', name: 'Due', fieldType: FieldType.DateTime, visibility: true } });
      const dueRow = (await unary(client, GridService.method.createRow, { gridId: dated })).insertedRows[0]!.row!.id;
      const due = await unary(client, GridService.method.updateDateCell, { cellIdentifier: { gridId: dated, rowId: dueRow, fieldId: 'due' }, oneOfDate: { case: 'date', value: '86400' } });
      assert.equal(due.updatedCells[0]!.cell!.date!.timestamp, 86400n);

      const failure = await unary(client, GridService.method.getRow, { gridId: grid.id, rowId: 'ghost' }).then(
        () => assert.fail('GetRow of an unknown row must fail'),
        (error: unknown) => error as grpc.ServiceError,
      );
      assert.equal(failure.code, grpc.status.NOT_FOUND);
      assert.equal(failure.details, 'row "ghost" does not exist in this grid');
    } finally {
      call.cancel();
    }
  });

  it('reports WatchFields errors on the stream', TEST_OPTIONS, async () => {
    const reader = streamReader(serverStream(client, GridService.method.watchFields, { gridId: 'noSuchGrid' }));
    const event = await reader.next();
    assert.equal(event.kind, 'error');
    assert.equal(event.error.code, grpc.status.NOT_FOUND);
    assert.equal(event.error.details, 'grid "noSuchGrid" does not exist');
  });
});
