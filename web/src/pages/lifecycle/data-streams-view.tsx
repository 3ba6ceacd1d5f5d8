/**
 * Data streams: each stream with its generation, template, ILM policy, health and number of backing indices; the
 * name leads to the stream's backing indices and where each stands in its policy.
 */
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { useLoad } from '../../use-load.ts';
import { fetchDataStreams } from './data-stream-types.ts';
import { ColumnHeads } from '../../column-heads.tsx';

const COLUMNS = ['Data stream', 'Generation', 'Template', 'ILM policy', 'Health', 'Backing indices'] as const;

export function DataStreamsView() {
  const streams = useLoad(fetchDataStreams, []);
  return (
    <section aria-labelledby="data-streams-title">
      <h2 id="data-streams-title">Data streams</h2>
      <div className="toolbar">
        <button type="button" onClick={streams.reload} disabled={streams.loading}>
          Refresh
        </button>
      </div>
      {streams.error !== undefined && <ErrorAlert error={streams.error}>The data streams could not be read:</ErrorAlert>}
      {streams.data && (
        <table className="data-streams" aria-busy={streams.loading}>
          <caption>{streams.data.length === 0 ? 'No data stream.' : `${streams.data.length} data ${streams.data.length === 1 ? 'stream' : 'streams'}`}</caption>
          <ColumnHeads columns={COLUMNS} />
          <tbody>
            {streams.data.map((ds) => (
              <tr key={ds.name}>
                <th scope="row">
                  <a href={href('lifecycle', 'data-streams', ds.name)}>{ds.name}</a>
                </th>
                <td>{ds.generation}</td>
                <td>{ds.template ?? '—'}</td>
                <td>{ds.ilm_policy ? <a href={href('lifecycle', 'policies', ds.ilm_policy)}>{ds.ilm_policy}</a> : '—'}</td>
                <td>
                  <span className={`health health-${ds.status.toLowerCase()}`}>{ds.status}</span>
                </td>
                <td>{ds.indices.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
