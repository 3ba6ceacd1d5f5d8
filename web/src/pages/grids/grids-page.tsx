/** Grids: the list, and one grid's fields. */
import { useEffect, useState } from 'react';
import type { Grid } from '../../../../src/gen/tessera/grid/v1/grid_service_pb.ts';
import { grids } from '../../api/grid.ts';

export function GridsPage({ route }: { route: string[] }) {
  const [items, setItems] = useState<Grid[]>();
  useEffect(() => void grids.listGrids({}).then((r) => setItems(r.items)), []);
  if (route.length > 0) return <p>Grid {route[0]}</p>;
  return (
    <section>
      <h1>Grids</h1>
      <ul>{items?.map((g) => <li key={g.id}>{g.name}</li>)}</ul>
    </section>
  );
}
