/**
 * @module gRPC server reflection, `grpc.reflection.v1` and its predecessor `v1alpha` (which grpcurl and older tools
 * still call first), so that `buf curl --list-methods`, grpcurl and Postman find the services and their messages
 * without a copy of proto/. Each request on the stream gets one response, in order. A lookup that finds nothing is
 * answered in the stream with an `error_response` (NOT_FOUND), as gRPC's reference servers answer it; a request with
 * none of the lookups set ends the stream with INVALID_ARGUMENT.
 */
import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter, type Interceptor } from '@connectrpc/connect';
import { ServerReflection as ServerReflectionV1, ServerReflectionResponseSchema as ResponseV1 } from '../../gen/grpc/reflection/v1/reflection_pb.js';
import type { ServerReflectionRequest } from '../../gen/grpc/reflection/v1/reflection_pb.js';
import { ServerReflection as ServerReflectionV1alpha, ServerReflectionResponseSchema as ResponseV1alpha } from '../../gen/grpc/reflection/v1alpha/reflection_pb.js';
import type { ServerReflectionRequest as RequestV1alpha } from '../../gen/grpc/reflection/v1alpha/reflection_pb.js';
import type { DescriptorIndex } from './descriptor-index.js';

type Lookup = ServerReflectionRequest['messageRequest'];
type Answer =
  | { case: 'fileDescriptorResponse'; value: { fileDescriptorProto: Uint8Array[] } }
  | { case: 'allExtensionNumbersResponse'; value: { baseTypeName: string; extensionNumber: number[] } }
  | { case: 'listServicesResponse'; value: { service: { name: string }[] } }
  | { case: 'errorResponse'; value: { errorCode: number; errorMessage: string } };

const notFound = (message: string): Answer => ({ case: 'errorResponse', value: { errorCode: Code.NotFound, errorMessage: message } });

/** The answer to one lookup; throws for a request that names none. */
export function reflect(index: DescriptorIndex, lookup: Lookup): Answer {
  switch (lookup.case) {
    case 'listServices':
      return { case: 'listServicesResponse', value: { service: index.services.map((name) => ({ name })) } };
    case 'fileByFilename': {
      const file = index.byFilename(lookup.value);
      return file ? { case: 'fileDescriptorResponse', value: { fileDescriptorProto: index.withDependencies(file) } } : notFound(`file not found: ${lookup.value}`);
    }
    case 'fileContainingSymbol': {
      const file = index.bySymbol(lookup.value);
      return file ? { case: 'fileDescriptorResponse', value: { fileDescriptorProto: index.withDependencies(file) } } : notFound(`symbol not found: ${lookup.value}`);
    }
    case 'fileContainingExtension': {
      const { containingType, extensionNumber } = lookup.value;
      const message = index.message(containingType);
      if (!message) return notFound(`type not found: ${containingType}`);
      const extension = index.extensionsOf(message).find((e) => e.number === extensionNumber);
      return extension
        ? { case: 'fileDescriptorResponse', value: { fileDescriptorProto: index.withDependencies(extension.file) } }
        : notFound(`extension not found: ${containingType}(${extensionNumber})`);
    }
    case 'allExtensionNumbersOfType': {
      const message = index.message(lookup.value);
      if (!message) return notFound(`type not found: ${lookup.value}`);
      return { case: 'allExtensionNumbersResponse', value: { baseTypeName: message.typeName, extensionNumber: index.extensionsOf(message).map((e) => e.number) } };
    }
    default:
      throw new ConnectError('the request names none of file_by_filename, file_containing_symbol, file_containing_extension, all_extension_numbers_of_type, list_services', Code.InvalidArgument);
  }
}

/**
 * Lookups one stream may make. Tools make a few dozen; without a bound, a 2 MiB body of tiny requests could ask for
 * gigabytes of descriptors.
 */
export const MAX_LOOKUPS_PER_STREAM = 1_000;

function tooManyLookups(): ConnectError {
  return new ConnectError(`a reflection stream takes at most ${MAX_LOOKUPS_PER_STREAM} requests; open another`, Code.ResourceExhausted);
}

/** Registers both versions of the reflection service on `router`; `interceptors` check the caller first. */
export function serverReflectionRoutes(router: ConnectRouter, index: DescriptorIndex, interceptors: Interceptor[]): void {
  router.service(ServerReflectionV1, {
    async *serverReflectionInfo(requests) {
      let lookups = 0;
      for await (const request of requests) {
        if (++lookups > MAX_LOOKUPS_PER_STREAM) throw tooManyLookups();
        yield create(ResponseV1, { validHost: request.host, originalRequest: request, messageResponse: reflect(index, request.messageRequest) });
      }
    },
  }, { interceptors });
  router.service(ServerReflectionV1alpha, {
    async *serverReflectionInfo(requests) {
      let lookups = 0;
      for await (const request of requests) {
        if (++lookups > MAX_LOOKUPS_PER_STREAM) throw tooManyLookups();
        // The two versions' messages have the same fields and tags.
        const lookup = (request as RequestV1alpha).messageRequest as Lookup;
        yield create(ResponseV1alpha, { validHost: request.host, originalRequest: request, messageResponse: reflect(index, lookup) });
      }
    },
  }, { interceptors });
}
