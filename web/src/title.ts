/** The tab's title: where the user is, most specific first, so a row of tabs tells them apart. */
import { useEffect } from 'react';
import { NEW_POLICY_ROUTE } from './pages/lifecycle/lifecycle-types.ts';

const SUFFIX = 'Tessera';

export function useTitle(...parts: readonly string[]): void {
  const title = [...parts, SUFFIX].join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The title of a route the shell knows without reading anything: the area and, in the lifecycle, the view. */
export function routeTitle(route: readonly string[]): string[] {
  const [area = 'grids', view, name] = route;
  if (area === 'grids') return view === undefined ? ['Grids'] : ['Grid', 'Grids'];
  if (area === 'cluster') return ['Cluster'];
  if (area !== 'lifecycle') return ['No such page'];
  if (!knownLifecycleRoute(route.slice(1))) return ['No such page'];
  const lifecycle = 'Index lifecycle';
  if (view === 'index' && name !== undefined) return [`Index ${name}`, lifecycle];
  if (view === 'data-streams') return name === undefined ? ['Data streams', lifecycle] : [`Data stream ${name}`, lifecycle];
  if (view === 'forecast') return ['Forecast a cluster', lifecycle];
  if (view === 'policies') return name === undefined ? ['Policies', lifecycle] : name === NEW_POLICY_ROUTE ? ['New policy', lifecycle] : [`Policy ${name}`, lifecycle];
  return ['Indices', lifecycle];
}

/** The lifecycle's views: the indices, one index, the data streams or one, the policies or one, a cluster's forecast. */
export function knownLifecycleRoute(route: readonly string[]): boolean {
  const [view, name, ...rest] = route;
  if (rest.length > 0) return false;
  if (view === undefined) return true;
  if (view === 'index') return name !== undefined;
  if (view === 'forecast') return name === undefined;
  return view === 'data-streams' || view === 'policies';
}
