/**
 * @module The circuit breakers' limits of an imported cluster, as byte settings. Tessera reads a percentage limit
 * as a share of its own process's heap, which says nothing of the real nodes': so the forecast runs with the bytes
 * each limit stands for on the cluster. The nodes' stats give the limits the nodes apply; without them, the
 * cluster's settings over the nodes' heap; a limit neither tells is lifted, as a guess could only invent refusals.
 */
import { ClusterErrors } from '../../cluster/index.js';
import { parseByteSize, readPercent } from '../../platform/units/index.js';

/** What the data nodes tell of their memory; each the smallest among them, as the smallest node breaks first. */
export interface NodesMemory {
  /** `breakers.<name>.limit_size_in_bytes`, by ES's breaker name (`request`, `parent`). */
  readonly breakerLimits: Readonly<Record<string, number>>;
  /** `jvm.mem.heap_max_in_bytes`. */
  readonly heapMaxBytes: number | undefined;
}

/** The settings Tessera's breakers read, with ES's breaker names and defaults. */
const BREAKERS = [
  { setting: 'indices.breaker.request.limit', name: 'request', default: () => '60%' },
  // ES's parent breaker defaults to 95% of the heap when it measures real memory (the default), else 70%.
  { setting: 'indices.breaker.total.limit', name: 'parent', default: (all: Record<string, string>) => (all['indices.breaker.total.use_real_memory'] === 'false' ? '70%' : '95%') },
] as const;

/** Lifts a breaker: no operation the forecast models needs this many bytes. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** `all`: the cluster's settings over their defaults. Throws ES's refusal (a ClusterError) of a limit that is no size. */
export function breakerSettings(memory: NodesMemory | undefined, all: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const breaker of BREAKERS) {
    const value = all[breaker.setting] ?? breaker.default(all);
    const percent = readPercent(value);
    const fromSettings =
      percent === undefined ? parseByteSize(value, breaker.setting, ClusterErrors.illegalArgument) : memory?.heapMaxBytes === undefined ? undefined : Math.floor((percent / 100) * memory.heapMaxBytes);
    out[breaker.setting] = `${memory?.breakerLimits[breaker.name] ?? fromSettings ?? NO_LIMIT}b`;
  }
  return out;
}
