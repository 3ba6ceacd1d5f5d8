/**
 * @module Who may use which grid (with security on): the caller is authenticated from the request's credentials,
 * and each RPC needs an application privilege of `tessera-grid` (`read`, `write`, `admin`) on `grid:<id>`.
 */
import { createContextKey, type HandlerContext, type Interceptor } from '@connectrpc/connect';
import { GridError } from '../grid-error.js';
import { toConnectError } from './grid-connect-error.js';

export type GridPrivilege = 'read' | 'write' | 'admin';

export interface GridPrincipal {
  readonly username: string;
  /** Whether the caller holds `privilege` on `grid:<gridId>` (`*` for a grid not created yet). */
  can(privilege: GridPrivilege, gridId: string): boolean;
}

export interface GridAccess {
  /** Throws (any error) when the credentials are missing or wrong. */
  authenticate(authorization: string | undefined, path: string): Promise<GridPrincipal>;
}

const PRINCIPAL = createContextKey<GridPrincipal | undefined>(undefined, { description: 'grid principal' });

/** Authenticates every RPC; the principal travels to the handlers in the context. */
export function authenticationInterceptor(access: GridAccess): Interceptor {
  return (next) => async (req) => {
    let principal: GridPrincipal;
    try {
      principal = await access.authenticate(req.header.get('authorization') ?? undefined, new URL(req.url).pathname);
    } catch (error) {
      throw toConnectError(new GridError('Unauthenticated', error instanceof Error ? error.message : 'authentication failed'));
    }
    req.contextValues.set(PRINCIPAL, principal);
    return next(req);
  };
}

export function principalOf(context: HandlerContext): GridPrincipal | undefined {
  return context.values.get(PRINCIPAL);
}

/** Refuses the RPC unless the caller holds `privilege` on the grid. */
export function requireGridPrivilege(context: HandlerContext, method: string, privilege: GridPrivilege, gridId: string): void {
  const principal = principalOf(context);
  if (!principal || principal.can(privilege, gridId)) return;
  throw new GridError(
    'PermissionDenied',
    `action [${method}] is unauthorized for user [${principal.username}] on grid [${gridId}], this action is granted by the [${privilege}] privilege of application [tessera-grid]`,
  );
}
