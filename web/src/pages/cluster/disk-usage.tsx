/** The node's disk (`_nodes/stats` fs, `_cat/allocation`) as a bar, with the low, high and flood-stage watermarks on it. */
import { es } from '../../api/es.ts';
import { formatBytes, formatPercent } from '../../units.ts';
import { describeSource, effectiveSetting, WATERMARK_LEVELS, watermarkKey, watermarkPoint, type ClusterSettings, type WatermarkPoint } from './cluster-settings.ts';

export interface NodeFs {
  readonly name: string;
  readonly totalBytes: number;
  readonly freeBytes: number;
}

export interface AllocationRow {
  readonly shards: string;
  readonly 'disk.used': string;
  readonly 'disk.avail': string;
  readonly 'disk.total': string;
  readonly 'disk.percent': string;
  readonly node: string;
}

interface NodesStats {
  readonly nodes: Readonly<Record<string, { name: string; fs?: { total?: { total_in_bytes?: number; free_in_bytes?: number } } }>>;
}

export async function fetchNodesFs(): Promise<NodeFs[]> {
  const stats = await es<NodesStats>('GET', '/_nodes/stats/fs');
  return Object.values(stats.nodes).map((node) => ({ name: node.name, totalBytes: node.fs?.total?.total_in_bytes ?? 0, freeBytes: node.fs?.total?.free_in_bytes ?? 0 }));
}

export const fetchAllocation = () => es<AllocationRow[]>('GET', '/_cat/allocation?format=json&bytes=b');

const LEVEL_NAMES: Readonly<Record<string, string>> = { low: 'Low', high: 'High', flood_stage: 'Flood stage' };

const LEVEL_EFFECTS: Readonly<Record<string, string>> = {
  low: 'no new replicas are placed on the node',
  high: 'shards are moved away and lifecycle steps that place shards wait',
  flood_stage: 'every index becomes read-only (deletes still allowed)',
};

export function DiskSection({ node, allocation, settings }: { node: NodeFs; allocation: AllocationRow | undefined; settings: ClusterSettings | undefined }) {
  const used = node.totalBytes - node.freeBytes;
  const usedPercent = node.totalBytes === 0 ? 100 : (used / node.totalBytes) * 100;
  const points: WatermarkPoint[] = settings ? WATERMARK_LEVELS.map((level) => watermarkPoint(level, effectiveSetting(settings, watermarkKey(level)), node.totalBytes, used)) : [];
  const passed = [...points].reverse().find((p) => p.exceeded);
  const state = passed ? `Above the ${LEVEL_NAMES[passed.level]!.toLowerCase()} watermark: ${LEVEL_EFFECTS[passed.level]}.` : points.length > 0 ? 'Below every watermark.' : '';

  return (
    <section aria-labelledby={`disk-${node.name}`} className="disk">
      <h3 id={`disk-${node.name}`}>Disk of node {node.name}</h3>
      <dl className="facts disk-figures">
        <dt>Total</dt>
        <dd>
          {formatBytes(node.totalBytes)} ({node.totalBytes} bytes)
        </dd>
        <dt>Used</dt>
        <dd>
          {formatBytes(used)} ({used} bytes)
        </dd>
        <dt>Free</dt>
        <dd>
          {formatBytes(node.freeBytes)} ({node.freeBytes} bytes)
        </dd>
        <dt>Used share</dt>
        <dd>{formatPercent(usedPercent)}</dd>
        {allocation && (
          <>
            <dt>Shards</dt>
            <dd>{allocation.shards}</dd>
          </>
        )}
      </dl>
      <div className="disk-gauge">
        <div
          className={`disk-bar${passed ? ` past-${passed.level}` : ''}`}
          role="meter"
          aria-label={`Disk used on ${node.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(usedPercent * 10) / 10}
          aria-valuetext={`${formatPercent(usedPercent)} used: ${formatBytes(used)} of ${formatBytes(node.totalBytes)}`}
        >
          <div className="disk-used" style={{ width: `${Math.min(100, usedPercent)}%` }} />
        </div>
        <div className="watermark-marks">
          {points.map(
            (p) =>
              p.usedPercent !== undefined && (
                <div
                  key={p.level}
                  // Past the middle the label sits left of its mark, so a narrow screen does not cut it off.
                  className={`watermark-mark mark-${p.level}${p.usedPercent > 50 ? ' label-left' : ''}`}
                  role="img"
                  aria-label={`${LEVEL_NAMES[p.level]} watermark ${p.setting.value} at ${formatPercent(p.usedPercent)} used`}
                  style={{ left: `${Math.min(100, p.usedPercent)}%` }}
                >
                  <span>
                    {LEVEL_NAMES[p.level]} {p.setting.value}
                  </span>
                </div>
              ),
          )}
        </div>
      </div>
      {state && <p className="disk-state">{state}</p>}
      {points.length > 0 && (
        <table className="watermarks">
          <caption>Disk watermarks</caption>
          <thead>
            <tr>
              <th scope="col">Watermark</th>
              <th scope="col">Setting</th>
              <th scope="col">Value</th>
              <th scope="col">From</th>
              <th scope="col">Passed at</th>
              <th scope="col">Passed now</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.level} className={p.exceeded ? 'exceeded' : undefined}>
                <th scope="row">{LEVEL_NAMES[p.level]}</th>
                <td>
                  <code>{p.setting.key}</code>
                </td>
                <td>{p.setting.value}</td>
                <td>{describeSource(p.setting.source)}</td>
                <td>{p.usedPercent === undefined ? '—' : `${formatPercent(p.usedPercent)} used`}</td>
                <td>{p.exceeded === undefined ? '—' : p.exceeded ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
