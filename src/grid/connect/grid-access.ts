/**
 * @module Who may use which grid (with security on): the caller is authenticated from the request's credentials,
 * and each RPC needs an application privilege of `tessera-grid` (`read`, `write`, `admin`) on `grid:<id>`.
 */
import { createContextKey, type ConnectError, type ContextValues, type HandlerContext } from '@connectrpc/connect';
import { GridError } from '../grid-error.js';
import type { Admit } from '../../http/connect-compat/decode-gate.js';
import { toConnectError } from './grid-connect-error.js';

export type GridPrivilege = 'read' | 'write' | 'admin';

export interface GridPrincipal {
  readonly username: string;
  /** Whether the caller holds `privilege` on `grid:<gridId>` (`*` for a grid not created yet). */
  can(privilege: GridPrivilege, gridId: string): boolean;
  /** Calls `listener` whenever users, roles or keys change; returns the unsubscribe. */
  onAccessChange(listener: () => void): () => void;
}

export interface GridAccess {
  /** Throws (any error) when the credentials are missing or wrong; `client` is the peer's address. */
  authenticate(authorization: string | undefined, path: string, client: string): Promise<GridPrincipal>;
}

const PRINCIPAL = createContextKey<GridPrincipal | undefined>(undefined, { description: 'grid principal' });

/** The peer's address, set by the HTTP adapter: failed passwords are counted per user and address. */
export const CLIENT_ADDRESS = createContextKey<string>('', { description: 'client address' });

/**
 * Authenticates every RPC from its headers alone, so the decode gate can refuse a caller before reading a byte of the
 * body (which could be a compression bomb); the principal travels to the handlers in the context.
 */
export function gridAuthentication(access: GridAccess): Admit {
  const admit = gridAdmission(access);
  return (request, values) => admit(request.header.get('authorization') ?? undefined, new URL(request.url).pathname, values);
}

/** As gridAuthentication, from the request's authorization header and path. */
export function gridAdmission(access: GridAccess): (authorization: string | undefined, path: string, values: ContextValues) => Promise<ConnectError | undefined> {
  return async (authorization, path, values) => {
    try {
      values.set(PRINCIPAL, await access.authenticate(authorization, path, values.get(CLIENT_ADDRESS)));
      return undefined;
    } catch (error) {
      return toConnectError(new GridError('Unauthenticated', error instanceof Error ? error.message : 'authentication failed'));
    }
  };
}

export function principalOf(context: Pick<HandlerContext, 'values'>): GridPrincipal | undefined {
  return context.values.get(PRINCIPAL);
}

function permissionDenied(principal: GridPrincipal, method: string, privilege: GridPrivilege, gridId: string): GridError {
  return new GridError(
    'PermissionDenied',
    `action [${method}] is unauthorized for user [${principal.username}] on grid [${gridId}], this action is granted by the [${privilege}] privilege of application [tessera-grid]`,
  );
}

/** Refuses the RPC unless the caller holds `privilege` on the grid. */
export function requireGridPrivilege(context: Pick<HandlerContext, 'values'>, method: string, privilege: GridPrivilege, gridId: string): void {
  const principal = principalOf(context);
  if (!principal || principal.can(privilege, gridId)) return;
  throw permissionDenied(principal, method, privilege, gridId);
}

/**
 * A stream that lasts while the caller keeps `read` on the grid: once a change to users, roles or keys takes it
 * away, the stream fails with PERMISSION_DENIED rather than carrying on with access the caller no longer has.
 */
export function whileReadable<T>(context: Pick<HandlerContext, 'values' | 'signal'>, method: string, gridId: string, open: (signal: AbortSignal) => AsyncIterable<T>): AsyncIterable<T> {
  const principal = principalOf(context);
  // Without security every stream lasts; each message then passes one generator fewer.
  return principal ? guarded(principal, context.signal, method, gridId, open) : open(context.signal);
}

async function* guarded<T>(principal: GridPrincipal, signal: AbortSignal, method: string, gridId: string, open: (signal: AbortSignal) => AsyncIterable<T>): AsyncGenerator<T> {
  const revoked = new AbortController();
  const stop = principal.onAccessChange(() => {
    if (!principal.can('read', gridId)) revoked.abort();
  });
  try {
    for await (const item of open(AbortSignal.any([signal, revoked.signal]))) {
      if (!principal.can('read', gridId)) revoked.abort();
      if (revoked.signal.aborted) break;
      yield item;
    }
  } catch (error) {
    if (!revoked.signal.aborted) throw error;
  } finally {
    stop();
  }
  if (revoked.signal.aborted) throw permissionDenied(principal, method, 'read', gridId);
}
