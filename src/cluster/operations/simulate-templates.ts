/**
 * @module `POST /_index_template/_simulate_index/<index>` and `POST /_index_template/_simulate[/<name>]`: what an
 * index would get from the templates (TransportSimulateIndexTemplateAction, TransportSimulateTemplateAction), with
 * an optional template added first as `PUT /_index_template` would add it. Nothing is stored.
 */
import { compareStrings } from '../../platform/ids.js';
import { javaHashOrder } from '../../platform/java-hash-order.js';
import { ClusterErrors } from '../cluster-error.js';
import type { ClusterState } from '../cluster-state.js';
import { findTemplate, type ComposableTemplate } from '../index-template.js';
import { patternsIntersect } from '../../platform/units/index.js';
import { resolveTemplate, type ResolvedTemplate } from '../template-composition.js';
import { parseTemplate, putTemplate } from './index-templates.js';
import { templateAliasesFor } from '../template-alias-names.js';

export interface SimulatedTemplate {
  readonly template: ResolvedTemplate;
  /** Whether any layer has mappings: ES shows `mappings` only when it merged some. */
  readonly hasMappings: boolean;
  /** The other templates whose patterns intersect the matched one's, whatever their priority. */
  readonly overlapping: readonly { readonly name: string; readonly index_patterns: readonly string[] }[];
}

/** A template from the request body, added to the state as a PUT would add it (composition checked, overlaps refused). */
export interface AddedTemplate {
  readonly body: unknown;
  readonly create: boolean;
}

function withTemplate(state: ClusterState, name: string, added: AddedTemplate): ClusterState {
  return putTemplate(state, parseTemplate(name, added.body), added.create);
}

/** `index` is the index the aliases are resolved for: the one named, or ES's temporary one for a template. */
function simulate(state: ClusterState, template: ComposableTemplate, index: string): SimulatedTemplate {
  const hasMappings = [template.template, ...(template.composed_of ?? []).map((n) => state.componentTemplates.get(n)?.template)].some((body) => body?.mappings !== undefined);
  const others = [...state.templates.values()].filter(
    (other) => other.name !== template.name && other.index_patterns.some((p) => template.index_patterns.some((q) => patternsIntersect(p, q))),
  );
  // findConflictingV1Templates: legacy templates the matched one would shadow are reported too (a composable one of the same name wins the entry).
  const shadowed = [...state.legacyTemplates.values()].filter((legacy) => legacy.index_patterns.some((p) => template.index_patterns.some((q) => patternsIntersect(p, q))));
  const patternsOf = new Map<string, readonly string[]>([...shadowed.map((t) => [t.name, t.index_patterns] as const), ...others.map((t) => [t.name, t.index_patterns] as const)]);
  // ES collects them in a TreeMap and copies that into a HashMap, whose order the answer shows.
  const names = javaHashOrder([...patternsOf.keys()].sort(compareStrings), { presized: true });
  const overlapping = names.map((name) => ({ name, index_patterns: patternsOf.get(name)! }));
  const resolved = resolveTemplate(state, template);
  return { template: { ...resolved, aliases: templateAliasesFor(index, resolved.aliases) }, hasMappings, overlapping };
}

/** The template an index of this name would be created from, resolved; undefined when none matches. */
export function simulateIndex(state: ClusterState, index: string, added: AddedTemplate | undefined, addedName: string): SimulatedTemplate | undefined {
  const simulated = added ? withTemplate(state, addedName, added) : state;
  const template = findTemplate(simulated.templates.values(), index);
  return template && simulate(simulated, template, index);
}

/**
 * A stored template (`name`), or the one in the body (under `name`, else `addedName`), resolved for ES's temporary
 * index (`indexName`, which a `{index}` in an alias's name becomes).
 */
export function simulateTemplate(state: ClusterState, name: string | undefined, added: AddedTemplate | undefined, addedName: string, indexName: string): SimulatedTemplate {
  const simulated = added ? withTemplate(state, name ?? addedName, added) : state;
  const matching = name ?? (added ? addedName : undefined);
  if (matching === undefined) throw ClusterErrors.illegalArgument('a template name to match or a new template body must be specified');
  const template = simulated.templates.get(matching);
  if (!template) throw ClusterErrors.illegalArgument(`unable to simulate template [${matching}] that does not exist`);
  return simulate(simulated, template, indexName);
}
