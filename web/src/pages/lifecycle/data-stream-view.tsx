/**
 * One data stream's backing indices, oldest first as the stream lists them, each with where it stands in its policy
 * (explain of the stream's name resolves to them); the write index is marked, since only it takes writes and rolls over.
 * Under a backing index in ERROR or waiting, what it reports with the remedy (and Retry); under one that lint finds
 * problems for, those problems (its write index reaching delete, for example).
 */
import { useState } from 'react';
import { ErrorAlert } from '../../error-alert.tsx';
import { href } from '../../route.ts';
import { useLoad } from '../../use-load.ts';
import { fetchDataStream, writeIndexOf } from './data-stream-types.ts';
import { explain, isError, type ExplainRecord } from './lifecycle-types.ts';
import { LintSummary } from './lint-summary.tsx';
import { ProblemDetails, RetryButton, RetryOutcomeMessage, type RetryOutcome } from './problem-details.tsx';
import { lintIndices, type IndexLint } from './lint-types.ts';
import { ColumnHeads } from '../../column-heads.tsx';

const COLUMNS = ['Backing index', 'Policy', 'Phase', 'Action', 'Step', 'Age'] as const;

async function load(name: string): Promise<{ indices: readonly string[]; writeIndex: string | undefined; records: Map<string, ExplainRecord>; generation: number }> {
  // Explain first: it answers once the runner has caught up, so the stream read after it lists what the runner left.
  const records = await explain(name);
  const dataStream = await fetchDataStream(name);
  return {
    indices: dataStream.indices.map((i) => i.index_name),
    writeIndex: writeIndexOf(dataStream),
    records: new Map(records.map((r) => [r.index, r])),
    generation: dataStream.generation,
  };
}

export function DataStreamView({ name }: { name: string }) {
  const stream = useLoad(() => load(name), [name]);
  const backing = stream.data?.indices ?? [];
  const lint = useLoad(() => lintIndices(backing), [name, backing.join(',')]);
  const [outcome, setOutcome] = useState<RetryOutcome>();
  const reload = () => {
    stream.reload();
    lint.reload();
  };
  return (
    <section aria-labelledby="data-stream-title">
      <h2 id="data-stream-title">Data stream {name}</h2>
      <div className="toolbar">
        <a href={href('lifecycle', 'data-streams')}>All data streams</a>
        <button type="button" onClick={reload} disabled={stream.loading}>
          Refresh
        </button>
      </div>
      <RetryOutcomeMessage outcome={outcome} />
      {stream.error !== undefined && <ErrorAlert error={stream.error}>The data stream could not be read:</ErrorAlert>}
      {lint.error !== undefined && <ErrorAlert error={lint.error}>Lint could not run, so the backing indices show no lint problems:</ErrorAlert>}
      {stream.data && (
        <table className="backing-indices" aria-busy={stream.loading}>
          <caption>
            Generation {stream.data.generation}, {stream.data.indices.length} backing {stream.data.indices.length === 1 ? 'index' : 'indices'}
          </caption>
          <ColumnHeads columns={COLUMNS} />
          {stream.data.indices.map((index) => (
            <BackingIndexRows
              key={index}
              index={index}
              record={stream.data!.records.get(index)}
              write={index === stream.data!.writeIndex}
              lint={lint.data?.[index]}
              onOutcome={(o) => {
                setOutcome(o);
                reload();
              }}
            />
          ))}
        </table>
      )}
    </section>
  );
}

interface RowsProps {
  readonly index: string;
  readonly record: ExplainRecord | undefined;
  readonly write: boolean;
  readonly lint: IndexLint | undefined;
  readonly onOutcome: (outcome: RetryOutcome) => void;
}

function BackingIndexRows({ index, record, write, lint, onOutcome }: RowsProps) {
  const failed = record !== undefined && isError(record);
  const waiting = !failed && record?.step_info?.message !== undefined;
  return (
    <tbody className={failed ? 'index-error' : waiting ? 'index-waiting' : undefined}>
      <tr>
        <th scope="row">
          {record?.managed ? <a href={href('lifecycle', 'index', index)}>{index}</a> : index}
          {write && (
            <>
              {' '}
              <span className="badge badge-write">write index</span>
            </>
          )}
        </th>
        <td>{record?.policy ?? (record?.managed === false ? 'unmanaged' : '')}</td>
        <td>{record?.phase}</td>
        <td>{record?.action}</td>
        <td>
          {failed ? (
            <>
              <span className="badge badge-error">ERROR</span> <span className="failed-step">at {record.failed_step}</span>
            </>
          ) : (
            record?.step
          )}
        </td>
        <td>{record?.age}</td>
      </tr>
      {record && (failed || waiting) && (
        <tr className="problem-row">
          <td colSpan={COLUMNS.length}>
            <ProblemDetails record={record} diagnosis={lint?.step_info_diagnosis} />
            {failed && <RetryButton index={index} onOutcome={onOutcome} />}
          </td>
        </tr>
      )}
      {lint && lint.problems.length > 0 && (
        <tr className="lint-row">
          <td colSpan={COLUMNS.length}>
            <LintSummary index={index} lint={lint} />
          </td>
        </tr>
      )}
    </tbody>
  );
}
