import { href } from './route.ts';

/** A route the console does not have (a mistyped or outdated link): said plainly, with the ways back. */
export function NoSuchPage() {
  return (
    <section className="no-such-page">
      <h1>No such page</h1>
      <p>
        The console has no page at <code>{window.location.hash}</code>. Go to{' '}
        <a href={href('grids')}>Grids</a>, <a href={href('lifecycle')}>Index lifecycle</a> or <a href={href('cluster')}>Cluster</a>.
      </p>
    </section>
  );
}
