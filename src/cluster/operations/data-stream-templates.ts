/**
 * @module What index template changes may not do to data streams (MetadataIndexTemplateService): delete the only
 * templates a stream matches, or leave a stream whose name no longer matches a data stream template.
 */
import { ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import { DataStreams } from '../data-stream.js';
import { findTemplate, type ComposableTemplate } from '../index-template.js';
import { javaHashOrder, javaList } from '../../platform/java-hash-order.js';
import { matchesPattern } from '../../platform/units/index.js';

type Templates = Pick<ClusterState, 'templates' | 'customs'>;

/** findV2CandidateTemplates: the templates a name matches; a hidden stream is not matched by a match-all template. */
function candidates(state: Templates, name: string, hidden: boolean): ComposableTemplate[] {
  return [...state.templates.values()].filter(
    (t) => t.index_patterns.some((p) => matchesPattern(p, name)) && !(hidden && t.index_patterns.some((p) => p === '*')),
  );
}

const sorted = (names: Iterable<string>) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** innerRemoveIndexTemplateV2's check (dataStreamsExclusivelyUsingTemplates): a stream whose every matching template goes is in use. */
export function checkTemplatesNotInUse(state: Templates, names: readonly string[]): void {
  const removed = new Set(names);
  const patterns = names.flatMap((n) => state.templates.get(n)?.index_patterns ?? []);
  const using: string[] = [];
  for (const ds of DataStreams.all(state).values()) {
    if (ds.system || !patterns.some((p) => matchesPattern(p, ds.name))) continue;
    const matching = candidates(state, ds.name, ds.hidden);
    if (matching.length === 0) throw ClusterErrors.illegalState(`Data stream ${ds.name} did not match any composable index templates.`);
    if (matching.every((t) => removed.has(t.name))) using.push(ds.name);
  }
  if (using.length > 0) {
    throw ClusterErrors.illegalArgument(`unable to remove composable templates ${javaList(sorted(removed))} as they are in use by a data streams ${javaList(sorted(using))}`);
  }
}

/** The streams whose name matches no template, or one without `data_stream`. */
function unreferenced(state: Templates): Set<string> {
  const found = new Set<string>();
  for (const ds of DataStreams.all(state).values()) {
    if (ds.system) continue;
    if (!findTemplate(state.templates.values(), ds.name)?.data_stream) found.add(ds.name);
  }
  return found;
}

/** validateDataStreamsStillReferenced: `after` is the state with `template` put. */
export function validateDataStreamsStillReferenced(before: Templates, after: Templates, template: ComposableTemplate): void {
  const newly = unreferenced(after);
  if (newly.size <= unreferenced(before).size) return;
  throw ClusterErrors.illegalArgument(
    `composable template [${template.name}] with index patterns ${javaList(template.index_patterns)}, priority [${template.priority ?? 'null'}] ` +
      `${template.data_stream ? '' : 'and no data stream configuration '}would cause data streams ${javaList(javaHashOrder([...newly]))} to no longer match a data stream template`,
  );
}
