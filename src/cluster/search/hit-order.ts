/**
 * @module The order hits from several indices merge in (SearchPhaseController.sortDocs): by the sort keys, each with
 * its order and its missing values' place, then by index (shard) order, then by document.
 */
import type { SortKey } from './sort-keys.js';

export interface RankedDoc {
  /** The index's place among the searched indices. */
  readonly shard: number;
  readonly doc: number;
  readonly score: number;
  /** One per store key, in key order (null: the document has no value). */
  readonly values: readonly (number | string | null)[];
}

function compareValues(a: number | string | null, b: number | string | null, key: Extract<SortKey, { kind: 'store' }>['key']): number {
  if (a === null || b === null) {
    if (a === b) return 0;
    const missing = key.missing === '_first' ? -1 : key.missing === '_last' ? 1 : undefined;
    if (missing !== undefined) return a === null ? missing : -missing;
    const value = key.missing as number | string;
    return compareValues(a ?? value, b ?? value, key);
  }
  const order = a < b ? -1 : a > b ? 1 : 0;
  return key.order === 'asc' ? order : -order;
}

export function hitComparator(keys: readonly SortKey[]): (a: RankedDoc, b: RankedDoc) => number {
  return (a, b) => {
    let store = 0;
    for (const key of keys) {
      let c: number;
      if (key.kind === 'score') c = key.order === 'desc' ? b.score - a.score : a.score - b.score;
      else {
        c = compareValues(a.values[store]!, b.values[store]!, key.key);
        store++;
      }
      if (c !== 0) return c;
    }
    return a.shard - b.shard || a.doc - b.doc;
  };
}
