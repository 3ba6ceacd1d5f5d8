/** Grids: the list (`#/grids`), and one grid's fields (`#/grids/<id>`). */
import { GridList } from './grid-list.tsx';
import { GridView } from './grid-view.tsx';
import './grids.css';

export function GridsPage({ route }: { route: string[] }) {
  const gridId = route[0];
  return gridId ? <GridView key={gridId} gridId={gridId} /> : <GridList />;
}
