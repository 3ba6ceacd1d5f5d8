/**
 * What gRPC tools find on the port: server reflection (`grpc.reflection.v1` and `v1alpha`), so that buf curl, grpcurl
 * and Postman discover the services without a copy of proto/, and the standard health service. Reflection is called
 * by real Connect clients over gRPC, and by `buf curl` itself.
 */
import { create, createFileRegistry, fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema, FileDescriptorSetSchema } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, type Transport } from '@connectrpc/connect';
import { createGrpcTransport } from '@connectrpc/connect-node';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { Health, HealthCheckResponse_ServingStatus as Status } from '../../src/gen/grpc/health/v1/health_pb.js';
import { ServerReflection, ServerReflectionRequestSchema, type ServerReflectionRequest, type ServerReflectionResponse } from '../../src/gen/grpc/reflection/v1/reflection_pb.js';
import { ServerReflection as ServerReflectionV1alpha, ServerReflectionRequestSchema as RequestV1alpha } from '../../src/gen/grpc/reflection/v1alpha/reflection_pb.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { MAX_LOOKUPS_PER_STREAM } from '../../src/http/grpc-tooling/server-reflection.js';
import { useServer } from '../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const SERVICES = ['grpc.health.v1.Health', 'grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection', 'tessera.grid.v1.GridService'];

type Lookup = ServerReflectionRequest['messageRequest'];

/** Sends each lookup on one reflection stream and collects the responses. */
async function reflect(transport: Transport, lookups: readonly Lookup[]): Promise<ServerReflectionResponse[]> {
  const client = createClient(ServerReflection, transport);
  async function* requests() {
    for (const messageRequest of lookups) yield create(ServerReflectionRequestSchema, { host: 'tessera', messageRequest });
  }
  const out: ServerReflectionResponse[] = [];
  for await (const response of client.serverReflectionInfo(requests())) out.push(response);
  return out;
}

function files(response: ServerReflectionResponse): string[] {
  assert.equal(response.messageResponse.case, 'fileDescriptorResponse');
  return response.messageResponse.value.fileDescriptorProto.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes).name);
}

async function failure(call: Promise<unknown>): Promise<ConnectError> {
  try {
    await call;
  } catch (error) {
    return ConnectError.from(error);
  }
  assert.fail('the call succeeded');
}

describe('gRPC server reflection', () => {
  const ctx = useServer();
  const grpc = () => createGrpcTransport({ baseUrl: ctx.url });

  it('lists every service on the port', async () => {
    const [list] = await reflect(grpc(), [{ case: 'listServices', value: '' }]);
    assert.equal(list!.messageResponse.case, 'listServicesResponse');
    assert.deepEqual(list!.messageResponse.value.service.map((s) => s.name), SERVICES);
    assert.equal(list!.validHost, 'tessera');
    assert.deepEqual(list!.originalRequest?.messageRequest, { case: 'listServices', value: '' });
  });

  it('gives the file of a symbol with every file it imports, enough to call the service without proto/', async () => {
    const [byService, byMethod, byEnum, byNested] = await reflect(grpc(), [
      { case: 'fileContainingSymbol', value: 'tessera.grid.v1.GridService' },
      { case: 'fileContainingSymbol', value: 'tessera.grid.v1.GridService.GetFields' },
      { case: 'fileContainingSymbol', value: 'tessera.grid.v1.FieldType' },
      { case: 'fileContainingSymbol', value: 'grpc.health.v1.HealthCheckResponse.ServingStatus' },
    ]);
    const names = files(byService!);
    assert.equal(names[0], 'tessera/grid/v1/grid_service.proto');
    assert.deepEqual([...names].sort(), ['tessera/grid/v1/field.proto', 'tessera/grid/v1/grid_service.proto', 'tessera/grid/v1/row.proto', 'tessera/grid/v1/type_option.proto']);
    assert.deepEqual(files(byMethod!), names);
    assert.equal(files(byEnum!)[0], 'tessera/grid/v1/field.proto');
    assert.deepEqual(files(byNested!), ['grpc/health/v1/health.proto']);
    // What a tool rebuilds from them is the service as served: every method, with its input and output types.
    assert.equal(byService!.messageResponse.case, 'fileDescriptorResponse');
    // The file asked for comes first; a registry is built from its imports up.
    const set = create(FileDescriptorSetSchema, { file: byService!.messageResponse.value.fileDescriptorProto.map((b) => fromBinary(FileDescriptorProtoSchema, b)).reverse() });
    const service = createFileRegistry(set).getService(GridService.typeName)!;
    assert.deepEqual(
      service.methods.map((m) => [m.name, m.methodKind, m.input.typeName, m.output.typeName]),
      GridService.methods.map((m) => [m.name, m.methodKind, m.input.typeName, m.output.typeName]),
    );
  });

  it('gives a file by its name, and answers extension lookups for the types it knows', async () => {
    const [byName, numbers] = await reflect(grpc(), [
      { case: 'fileByFilename', value: 'tessera/grid/v1/field.proto' },
      { case: 'allExtensionNumbersOfType', value: 'tessera.grid.v1.Field' },
    ]);
    // field.proto imports nothing.
    assert.deepEqual(files(byName!), ['tessera/grid/v1/field.proto']);
    assert.equal(numbers!.messageResponse.case, 'allExtensionNumbersResponse');
    assert.deepEqual([numbers!.messageResponse.value.baseTypeName, numbers!.messageResponse.value.extensionNumber], ['tessera.grid.v1.Field', []]);
  });

  it('answers a lookup that finds nothing with NOT_FOUND in the stream, which goes on', async () => {
    const responses = await reflect(grpc(), [
      { case: 'fileContainingSymbol', value: 'tessera.grid.v1.Nope' },
      { case: 'fileByFilename', value: 'nope.proto' },
      { case: 'fileContainingExtension', value: { $typeName: 'grpc.reflection.v1.ExtensionRequest', containingType: 'tessera.grid.v1.Field', extensionNumber: 100 } },
      { case: 'fileContainingExtension', value: { $typeName: 'grpc.reflection.v1.ExtensionRequest', containingType: 'x.Y', extensionNumber: 1 } },
      { case: 'allExtensionNumbersOfType', value: 'x.Y' },
      { case: 'listServices', value: '*' },
    ]);
    assert.deepEqual(
      responses.map((r) => (r.messageResponse.case === 'errorResponse' ? [r.messageResponse.value.errorCode, r.messageResponse.value.errorMessage] : r.messageResponse.case)),
      [
        [Code.NotFound, 'symbol not found: tessera.grid.v1.Nope'],
        [Code.NotFound, 'file not found: nope.proto'],
        [Code.NotFound, 'extension not found: tessera.grid.v1.Field(100)'],
        [Code.NotFound, 'type not found: x.Y'],
        [Code.NotFound, 'type not found: x.Y'],
        'listServicesResponse',
      ],
    );
  });

  it('ends the stream with INVALID_ARGUMENT for a request that asks nothing', async () => {
    const error = await failure(reflect(grpc(), [{ case: undefined }]));
    assert.equal(error.code, Code.InvalidArgument);
    assert.equal(error.rawMessage, 'the request names none of file_by_filename, file_containing_symbol, file_containing_extension, all_extension_numbers_of_type, list_services');
  });

  it('ends a stream that asks more than its share with RESOURCE_EXHAUSTED, after answering that share', async () => {
    const lookups: Lookup[] = Array.from({ length: MAX_LOOKUPS_PER_STREAM + 1 }, () => ({ case: 'listServices', value: '' }));
    const client = createClient(ServerReflection, grpc());
    async function* requests() {
      for (const messageRequest of lookups) yield create(ServerReflectionRequestSchema, { messageRequest });
    }
    let answered = 0;
    const error = await failure((async () => {
      for await (const _ of client.serverReflectionInfo(requests())) answered++;
    })());
    assert.equal(answered, MAX_LOOKUPS_PER_STREAM);
    assert.deepEqual([error.code, error.rawMessage], [Code.ResourceExhausted, `a reflection stream takes at most ${MAX_LOOKUPS_PER_STREAM} requests; open another`]);
  });

  it('serves v1alpha, which older tools call first, the same way', async () => {
    const client = createClient(ServerReflectionV1alpha, grpc());
    const out = [];
    async function* requests() {
      yield create(RequestV1alpha, { messageRequest: { case: 'listServices', value: '' } });
    }
    for await (const response of client.serverReflectionInfo(requests())) out.push(response);
    assert.equal(out.length, 1);
    assert.equal(out[0]!.messageResponse.case, 'listServicesResponse');
    assert.deepEqual(out[0]!.messageResponse.value.service.map((s) => s.name), SERVICES);
  });

  it('lets buf curl list the methods and call one, over gRPC and over Connect on HTTP/1.1', async () => {
    const run = promisify(execFile);
    const grpcList = await run('npx', ['buf', 'curl', '--protocol', 'grpc', '--http2-prior-knowledge', ctx.url, '--list-methods']);
    assert.ok(grpcList.stdout.split('\n').includes('tessera.grid.v1.GridService/GetFields'), grpcList.stdout);
    const connectList = await run('npx', ['buf', 'curl', '--protocol', 'connect', ctx.url, '--list-services']);
    assert.deepEqual(connectList.stdout.trim().split('\n'), SERVICES);
    const created = await run('npx', ['buf', 'curl', '--protocol', 'connect', '--data', '{"name":"From buf curl"}', `${ctx.url}/tessera.grid.v1.GridService/CreateGrid`]);
    assert.equal((JSON.parse(created.stdout) as { name: string }).name, 'From buf curl');
  });
});

describe('the gRPC health service', () => {
  const ctx = useServer();
  const health = () => createClient(Health, createGrpcTransport({ baseUrl: ctx.url }));

  it('reports the server and the grid service SERVING', async () => {
    assert.equal((await health().check({ service: '' })).status, Status.SERVING);
    assert.equal((await health().check({ service: GridService.typeName })).status, Status.SERVING);
    const list = await health().list({});
    assert.deepEqual(Object.entries(list.statuses).map(([name, s]) => [name, s.status]).sort(), [['', Status.SERVING], [GridService.typeName, Status.SERVING]]);
  });

  it('refuses Check of a service it does not know with NOT_FOUND', async () => {
    const error = await failure(health().check({ service: 'nope.Service' }));
    assert.equal(error.code, Code.NotFound);
    assert.equal(error.rawMessage, 'unknown service');
  });

  it('watches: the status at once, SERVICE_UNKNOWN for a name it does not know, and the stream stays open', async () => {
    for (const [service, expected] of [['', Status.SERVING], ['nope.Service', Status.SERVICE_UNKNOWN]] as const) {
      const controller = new AbortController();
      const stream = health().watch({ service }, { signal: controller.signal })[Symbol.asyncIterator]();
      assert.equal((await stream.next()).value?.status, expected);
      // Still open a while later: nothing changed, so nothing is sent and nothing ends it.
      const next = stream.next();
      const outcome = await Promise.race([next.then(() => 'ended or sent'), new Promise((resolve) => setTimeout(() => resolve('open'), 1_500))]);
      assert.equal(outcome, 'open');
      controller.abort();
      await next.catch(() => undefined);
    }
  });
});

describe('the gRPC health service when the server closes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.dispose();
  });

  it('ends a watch at once, whether or not the watcher reads', async () => {
    const health = createClient(Health, createGrpcTransport({ baseUrl: server.url }));
    const reading = health.watch({ service: '' })[Symbol.asyncIterator]();
    const idle = health.watch({ service: GridService.typeName })[Symbol.asyncIterator]();
    assert.equal((await reading.next()).value?.status, Status.SERVING);
    assert.equal((await idle.next()).value?.status, Status.SERVING);
    const closing = server.close();
    assert.equal((await reading.next()).done, true);
    await closing;
    assert.equal((await idle.next()).done, true);
  });
});

describe('gRPC tooling with security on', () => {
  const ctx = useServer({ security: true, elasticPassword: 'elastic-pw' });
  const transport = (authorization?: string) =>
    createGrpcTransport({ baseUrl: ctx.url, interceptors: authorization ? [(next) => (req) => (req.header.set('authorization', authorization), next(req))] : [] });

  it('asks reflection callers for credentials, as every other API of the port does', async () => {
    const missing = await failure(reflect(transport(), [{ case: 'listServices', value: '' }]));
    assert.deepEqual([missing.code, missing.rawMessage], [Code.Unauthenticated, 'missing authentication credentials for REST request [/grpc.reflection.v1.ServerReflection/ServerReflectionInfo]']);
    const wrong = await failure(reflect(transport(`Basic ${Buffer.from('elastic:nope').toString('base64')}`), [{ case: 'listServices', value: '' }]));
    assert.deepEqual([wrong.code, wrong.rawMessage], [Code.Unauthenticated, 'unable to authenticate user [elastic] for REST request [/grpc.reflection.v1.ServerReflection/ServerReflectionInfo]']);
    const [list] = await reflect(transport(`Basic ${Buffer.from('elastic:elastic-pw').toString('base64')}`), [{ case: 'listServices', value: '' }]);
    assert.equal(list!.messageResponse.case, 'listServicesResponse');
  });

  it('answers health probes without credentials', async () => {
    assert.equal((await createClient(Health, transport()).check({ service: '' })).status, Status.SERVING);
  });
});
