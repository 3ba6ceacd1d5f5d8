/**
 * @module What gRPC tools find on the port besides the application's services: server reflection over them all
 * (server-reflection.ts) and the health service (health-service.ts).
 */
import type { DescService } from '@bufbuild/protobuf';
import { Code, ConnectError, type ConnectRouter, type Interceptor } from '@connectrpc/connect';
import { Health } from '../../gen/grpc/health/v1/health_pb.js';
import { ServerReflection as ServerReflectionV1 } from '../../gen/grpc/reflection/v1/reflection_pb.js';
import { ServerReflection as ServerReflectionV1alpha } from '../../gen/grpc/reflection/v1alpha/reflection_pb.js';
import { CLIENT_ADDRESS } from '../../grid/index.js';
import type { RouterSettings } from '../connect-compat/router-settings.js';
import { descriptorIndex } from './descriptor-index.js';
import { healthRoutes } from './health-service.js';
import { serverReflectionRoutes } from './server-reflection.js';

export interface ToolingOptions {
  /** The application's services: reflection describes them, health reports on them. */
  readonly services: readonly DescService[];
  /** Resolves when the store answers a trivial query. */
  readonly probe: () => Promise<unknown>;
  /**
   * With security on: throws (any error, whose message is the refusal's) unless the credentials are good. Reflection
   * asks for them, as every other API of the port does; health does not, as probes call it without any.
   */
  readonly authenticate?: (authorization: string | undefined, path: string, client: string) => Promise<unknown>;
}

export function grpcToolingRoutes(options: ToolingOptions): (router: ConnectRouter, settings: RouterSettings) => void {
  const index = descriptorIndex([...options.services, ServerReflectionV1, ServerReflectionV1alpha, Health]);
  const { authenticate } = options;
  // A streaming call's messages are read only once its handler asks: the caller is checked before any is.
  const authenticated: Interceptor[] = authenticate
    ? [
        (next) => async (request) => {
          try {
            await authenticate(request.header.get('authorization') ?? undefined, new URL(request.url).pathname, request.contextValues.get(CLIENT_ADDRESS));
          } catch (error) {
            throw new ConnectError(error instanceof Error ? error.message : 'authentication failed', Code.Unauthenticated);
          }
          return next(request);
        },
      ]
    : [];
  return (router, settings) => {
    serverReflectionRoutes(router, index, authenticated);
    healthRoutes(router, { probe: options.probe, shutdownSignal: settings.shutdownSignal, services: options.services.map((s) => s.typeName) });
  };
}
