/**
 * What the signed-in user may do to grids, as the grid API decides it: application `tessera-grid`'s privileges on
 * `grid:<id>` (`write` to change fields and rows, `admin` to delete the grid) and on `grid:*` (`write` to create one).
 */
import { usePrivileges } from '../../privileges.ts';

const GRID_APPLICATION = 'tessera-grid';

export interface GridAccess {
  /** False until the server has answered; nothing that changes a grid shows before. */
  readonly known: boolean;
  readonly mayCreate: boolean;
  mayWrite(gridId: string): boolean;
  mayDelete(gridId: string): boolean;
}

export function useGridAccess(gridIds: readonly string[]): GridAccess {
  const resources = ['grid:*', ...gridIds.map((id) => `grid:${id}`)];
  const privileges = usePrivileges({ application: [{ application: GRID_APPLICATION, privileges: ['write', 'admin'], resources }] });
  return {
    known: privileges.known,
    mayCreate: privileges.application(GRID_APPLICATION, 'grid:*', 'write'),
    mayWrite: (gridId) => privileges.application(GRID_APPLICATION, `grid:${gridId}`, 'write'),
    mayDelete: (gridId) => privileges.application(GRID_APPLICATION, `grid:${gridId}`, 'admin'),
  };
}
