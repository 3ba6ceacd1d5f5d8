/**
 * @module What lint says about a data stream that its steps cannot: the stream's template and policy as a pair.
 * Elasticsearch accepts both without a word, and the stream then behaves otherwise than its author meant.
 */
import { ClusterState, DataStream, DataStreams, findTemplate, resolveSettings, type IndexMetadata } from '../../cluster/index.js';
import type { LifecyclePolicy } from '../policy/lifecycle-policy.js';
import { problem, type LintProblem } from './lint-problem.js';

const ROLLOVER_ALIAS = 'index.lifecycle.rollover_alias';

function rollsOver(policy: LifecyclePolicy): boolean {
  return Object.values(policy.phases).some((phase) => phase?.actions.rollover !== undefined);
}

/** Where the stream's settings come from, for the remedy: the template a backing index was created from now. */
function templateOf(state: ClusterState, dataStream: DataStream): string {
  const template = findTemplate(state.templates.values(), dataStream.name);
  return template ? `index template [${template.name}]` : 'the index template';
}

/**
 * For the write index of a data stream (a stream's problems are said once, not once per backing index): a rollover
 * alias ES never reads, and a policy that never rolls the stream over.
 */
export function dataStreamWarnings(state: ClusterState, index: IndexMetadata, policyName: string, policy: LifecyclePolicy): LintProblem[] {
  const dataStream = DataStreams.ofIndex(state, index.name);
  if (!dataStream || !DataStream.isWriteIndex(dataStream, index.name)) return [];
  const template = templateOf(state, dataStream);
  const warnings: LintProblem[] = [];
  const alias = index.settings[ROLLOVER_ALIAS];
  if (alias !== undefined) {
    warnings.push(
      problem({
        row: null,
        outcome: 'warning',
        message: `index [${index.name}] of data stream [${dataStream.name}] has [${ROLLOVER_ALIAS}: ${alias}], which is ignored: the rollover action rolls over the data stream itself, whatever the setting says`,
        remedy: `Remove ${ROLLOVER_ALIAS} from ${template} (or the component template that sets it); a data stream needs no rollover alias.`,
      }),
    );
  }
  if (!rollsOver(policy)) {
    // DeleteStep deletes a stream's only backing index with the stream itself, as a stream cannot be empty.
    const deletesStream = dataStream.indices.length === 1 && Object.values(policy.phases).some((phase) => phase?.actions.delete !== undefined);
    warnings.push(
      problem({
        row: null,
        outcome: 'warning',
        message:
          `policy [${policyName}] has no rollover action, so data stream [${dataStream.name}] never rolls over: every document goes to its write index [${index.name}]` +
          (deletesStream ? `, and the delete phase deletes the whole data stream with it` : ', which grows for as long as the stream lives'),
        remedy: `Add a rollover action to the hot phase of policy [${policyName}] (for example max_age: 30d, max_primary_shard_size: 50gb), so the stream moves to a new backing index and the old ones go through the later phases.`,
      }),
    );
  }
  return warnings;
}

/**
 * For a policy linted alone: each data stream template whose streams it would manage (by the template's composed
 * `index.lifecycle.name`), with the same two warnings, said of the template, as no stream is there to name.
 */
export function dataStreamTemplateWarnings(state: ClusterState, policyName: string, policy: LifecyclePolicy): LintProblem[] {
  const warnings: LintProblem[] = [];
  for (const template of [...state.templates.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!template.data_stream) continue;
    const settings = resolveSettings(state, template);
    if (settings['index.lifecycle.name'] !== policyName) continue;
    const alias = settings[ROLLOVER_ALIAS];
    if (alias !== undefined) {
      warnings.push(
        problem({
          row: null,
          outcome: 'warning',
          message: `index template [${template.name}] gives its data streams [${ROLLOVER_ALIAS}: ${alias}], which is ignored: the rollover action rolls over a data stream itself, whatever the setting says`,
          remedy: `Remove ${ROLLOVER_ALIAS} from index template [${template.name}] (or the component template that sets it); a data stream needs no rollover alias.`,
        }),
      );
    }
    if (!rollsOver(policy)) {
      warnings.push(
        problem({
          row: null,
          outcome: 'warning',
          message: `policy [${policyName}] has no rollover action, so the data streams of index template [${template.name}] never roll over: every document goes to their first backing index`,
          remedy: `Add a rollover action to the hot phase of policy [${policyName}] (for example max_age: 30d, max_primary_shard_size: 50gb), so the streams move to new backing indices and the old ones go through the later phases.`,
        }),
      );
    }
  }
  return warnings;
}

/** `PUT /_data_stream/<name>` in place of `PUT /<name>` when the name is a data stream's, as its template says. */
export function createsDataStream(state: ClusterState, name: string, body: Readonly<Record<string, unknown>>): boolean {
  // A body (settings, mappings, aliases) is an index creation, which ES refuses for a data stream's name.
  if (Object.keys(body).length > 0) return false;
  return findTemplate(state.templates.values(), name)?.data_stream !== undefined;
}
