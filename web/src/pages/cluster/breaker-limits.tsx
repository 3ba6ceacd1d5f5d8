/** The circuit breaker limits (`indices.breaker.total.limit`, `indices.breaker.request.limit`): value and origin. */
import { describeSource, effectiveSetting, type ClusterSettings } from './cluster-settings.ts';

const BREAKERS = [
  { name: 'Parent (total)', key: 'indices.breaker.total.limit', guards: 'all memory-hungry operations together' },
  { name: 'Request', key: 'indices.breaker.request.limit', guards: 'one request: a bulk body, a shrink, a forcemerge' },
] as const;

export function BreakerLimits({ settings }: { settings: ClusterSettings }) {
  return (
    <table className="breakers">
      <caption>Circuit breaker limits (a percentage is a share of the server’s heap)</caption>
      <thead>
        <tr>
          <th scope="col">Breaker</th>
          <th scope="col">Setting</th>
          <th scope="col">Limit</th>
          <th scope="col">From</th>
          <th scope="col">Guards</th>
        </tr>
      </thead>
      <tbody>
        {BREAKERS.map((b) => {
          const setting = effectiveSetting(settings, b.key);
          return (
            <tr key={b.key}>
              <th scope="row">{b.name}</th>
              <td>
                <code>{b.key}</code>
              </td>
              <td>{setting.value ?? '—'}</td>
              <td>{describeSource(setting.source)}</td>
              <td>{b.guards}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
