/** The console's shell: sign-in when the server asks for it, then the three areas. */
import { useEffect, useState } from 'react';
import { es, EsError } from './api/es.ts';
import { Login } from './login.tsx';
import { NoSuchPage } from './no-such-page.tsx';
import { ClusterPage } from './pages/cluster/cluster-page.tsx';
import { GridsPage } from './pages/grids/grids-page.tsx';
import { LifecyclePage } from './pages/lifecycle/lifecycle-page.tsx';
import { href, useRoute } from './route.ts';
import { clearCredentials, currentUser } from './session.ts';
import { routeTitle, useTitle } from './title.ts';

const AREAS = ['grids', 'lifecycle', 'cluster'] as const;

type Access = 'checking' | 'signed-out' | 'in';

export function App() {
  const [access, setAccess] = useState<Access>('checking');
  const [problem, setProblem] = useState<string>();
  const route = useRoute();

  const check = () =>
    es('GET', '/')
      .then(() => setAccess('in'))
      .catch((e: unknown) => {
        if (e instanceof EsError && e.status === 401) setAccess('signed-out');
        // Signed in, but not allowed cluster:monitor/main: the areas still serve what the user may read.
        else if (e instanceof EsError && e.status === 403) setAccess('in');
        else setProblem(e instanceof Error ? e.message : String(e));
      });
  useEffect(() => void check(), []);
  const area = route[0] ?? 'grids';
  useTitle(...(access === 'signed-out' ? ['Sign in'] : routeTitle(route)));

  if (problem) return <p className="error" role="alert">The server did not answer: {problem}</p>;
  if (access === 'checking') return <p>Connecting…</p>;
  if (access === 'signed-out') return <Login onSignedIn={() => setAccess('in')} />;

  const user = currentUser();
  return (
    <div className="shell">
      <header>
        <strong>Tessera</strong>
        <nav>
          {AREAS.map((name) => (
            <a key={name} href={href(name)} aria-current={area === name ? 'page' : undefined}>
              {name === 'grids' ? 'Grids' : name === 'lifecycle' ? 'Index lifecycle' : 'Cluster'}
            </a>
          ))}
        </nav>
        {user && (
          <span className="user">
            {user}{' '}
            <button
              onClick={() => {
                clearCredentials();
                setAccess('signed-out');
              }}
            >
              Sign out
            </button>
          </span>
        )}
      </header>
      <main>
        {area === 'grids' && <GridsPage route={route.slice(1)} />}
        {area === 'lifecycle' && <LifecyclePage route={route.slice(1)} />}
        {area === 'cluster' && <ClusterPage />}
        {!(AREAS as readonly string[]).includes(area) && <NoSuchPage />}
      </main>
    </div>
  );
}
