/**
 * Index lifecycle: the indices with where they stand (`#/lifecycle`, with filters after a `?`), one index's timeline
 * (`#/lifecycle/index/<name>`), the data streams (`#/lifecycle/data-streams`), one stream's backing indices
 * (`#/lifecycle/data-streams/<name>`), the policies (`#/lifecycle/policies`), one policy's editor
 * (`#/lifecycle/policies/<name>`), a new policy (`#/lifecycle/policies/_new`; policy names cannot start with `_`) and
 * another cluster's forecast from its diagnostics bundle (`#/lifecycle/forecast`).
 */
import { NoSuchPage } from '../../no-such-page.tsx';
import { href } from '../../route.ts';
import { knownLifecycleRoute } from '../../title.ts';
import { ClusterForecastView } from './cluster-forecast-view.tsx';
import { DataStreamView } from './data-stream-view.tsx';
import { DataStreamsView } from './data-streams-view.tsx';
import { IlmStatus } from './ilm-status.tsx';
import { IndexTimelineView } from './index-timeline.tsx';
import { IndicesView } from './indices-view.tsx';
import { NEW_POLICY_ROUTE } from './lifecycle-types.ts';
import './lifecycle.css';
import { PoliciesView } from './policies-view.tsx';
import { PolicyEditor } from './policy-editor.tsx';

export function LifecyclePage({ route }: { route: string[] }) {
  const [view, name] = route;
  const policies = view === 'policies';
  const streams = view === 'data-streams';
  const forecast = view === 'forecast';
  return (
    <section className="lifecycle">
      <h1>Index lifecycle</h1>
      <IlmStatus />
      <div className="subnav">
        <a href={href('lifecycle')} aria-current={!policies && !streams && !forecast ? 'page' : undefined}>
          Indices
        </a>
        <a href={href('lifecycle', 'data-streams')} aria-current={streams ? 'page' : undefined}>
          Data streams
        </a>
        <a href={href('lifecycle', 'policies')} aria-current={policies ? 'page' : undefined}>
          Policies
        </a>
        <a href={href('lifecycle', 'forecast')} aria-current={forecast ? 'page' : undefined}>
          Forecast a cluster
        </a>
      </div>
      {!knownLifecycleRoute(route) ? (
        <NoSuchPage />
      ) : view === 'index' && name !== undefined ? (
        <IndexTimelineView key={name} name={name} />
      ) : streams && name !== undefined ? (
        <DataStreamView key={name} name={name} />
      ) : forecast ? (
        <ClusterForecastView />
      ) : streams ? (
        <DataStreamsView />
      ) : policies && name === NEW_POLICY_ROUTE ? (
        <PolicyEditor key={NEW_POLICY_ROUTE} name={undefined} />
      ) : policies && name !== undefined ? (
        <PolicyEditor key={name} name={name} />
      ) : policies ? (
        <PoliciesView />
      ) : (
        <IndicesView />
      )}
    </section>
  );
}
