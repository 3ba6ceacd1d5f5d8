/** The grid fields API over Connect (binary), the same protocol and messages any Connect client uses. */
import { createClient, type Client, type Interceptor } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { GridService } from '../../../src/gen/tessera/grid/v1/grid_service_pb.ts';
import { authorizationHeader } from '../session.ts';

export type GridClient = Client<typeof GridService>;

const authenticate: Interceptor = (next) => (request) => {
  const authorization = authorizationHeader();
  if (authorization) request.header.set('authorization', authorization);
  return next(request);
};

export const grids: GridClient = createClient(
  GridService,
  createConnectTransport({
    baseUrl: window.location.origin,
    useBinaryFormat: true,
    interceptors: [authenticate],
    // As for the ES API: a 401 is the console's to handle, never the browser's basic-auth prompt.
    fetch: (input, init) => globalThis.fetch(input, { ...init, credentials: 'omit' }),
  }),
);
