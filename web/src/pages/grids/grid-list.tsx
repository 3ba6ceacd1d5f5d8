/** Every grid, with its field count and revision; create one, open one, delete one (after asking). */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { Grid } from '../../../../src/gen/tessera/grid/v1/grid_service_pb.ts';
import { grids } from '../../api/grid.ts';
import { href } from '../../route.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { useGridAccess, type GridAccess } from './grid-privileges.ts';
import { ErrorNote, useAction } from './use-action.tsx';

export function GridList() {
  const [items, setItems] = useState<Grid[]>();
  const load = useAction();
  const { run: runLoad } = load;
  const refresh = useCallback(() => runLoad(async () => setItems((await grids.listGrids({})).items)), [runLoad]);
  useEffect(() => void refresh(), [refresh]);
  const access = useGridAccess(items?.map((grid) => grid.id) ?? []);

  return (
    <section className="grid-list" aria-labelledby="grids-title">
      <h1 id="grids-title">Grids</h1>
      {access.mayCreate && <CreateGridForm onCreated={refresh} />}
      {access.known && !access.mayCreate && <p className="muted">Creating a grid needs the write privilege of application tessera-grid on grid:*.</p>}
      <div className="toolbar">
        <button type="button" onClick={() => void refresh()} disabled={load.busy}>
          Refresh
        </button>
        <ErrorNote error={load.error} />
      </div>
      {items === undefined ? (
        !load.error && <p>Loading…</p>
      ) : items.length === 0 ? (
        <p>{access.mayCreate ? 'No grids yet: create one above.' : 'No grids yet.'}</p>
      ) : (
        <table className="grids-table" aria-label="Grids">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Fields</th>
              <th scope="col">Revision</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((grid) => (
              <GridRow key={grid.id} grid={grid} access={access} onDeleted={refresh} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function GridRow({ grid, access, onDeleted }: { grid: Grid; access: GridAccess; onDeleted: () => void }) {
  const remove = useAction();
  return (
    <tr>
      <td>
        <a href={href('grids', grid.id)}>{grid.name}</a> <code className="muted">{grid.id}</code>
      </td>
      <td>{grid.fieldOrders.length}</td>
      <td>{String(grid.revision)}</td>
      <td>
        {access.mayDelete(grid.id) ? (
          <ConfirmButton
            label={`Delete grid ${grid.name}`}
            question={`Delete “${grid.name}” and all its fields?`}
            confirmLabel="Yes, delete"
            disabled={remove.busy}
            onConfirm={() => void remove.run(() => grids.deleteGrid({ value: grid.id })).then((ok) => ok && onDeleted())}
          >
            Delete
          </ConfirmButton>
        ) : (
          access.known && <span className="muted">Read only</span>
        )}
        <ErrorNote error={remove.error} />
      </td>
    </tr>
  );
}

function CreateGridForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [bare, setBare] = useState(false);
  const create = useAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await create.run(() => grids.createGrid({ name, bare }))) {
      setName('');
      setBare(false);
      onCreated();
    }
  };
  return (
    <form className="create-grid" onSubmit={submit} aria-label="Create a grid">
      <label>
        Grid name <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="inline">
        <input type="checkbox" checked={bare} onChange={(e) => setBare(e.target.checked)} /> Without the default fields
      </label>
      <button type="submit" disabled={create.busy}>
        Create grid
      </button>
      <ErrorNote error={create.error} />
    </form>
  );
}
