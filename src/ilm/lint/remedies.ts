/**
 * @module The spec's error table turned around: from the message a step, a wait or a request gives to its row
 * and to a remedy in plain words. Rows are recognised by their message shapes, as the spec's table lists them,
 * so the messages themselves always come from the code that raises them.
 */
import { resolveTemplate, type ClusterState, type IndexMetadata } from '../../cluster/index.js';
import { PHASE_ACTIONS, PHASES } from '../policy/timeseries-lifecycle-type.js';

export interface RemedyContext {
  /** The cluster as the step saw it (or as the request would find it). */
  readonly state: ClusterState;
  /** The index the step ran on; absent for a policy request. */
  readonly index?: IndexMetadata;
  readonly phase?: string;
}

export interface Diagnosis {
  readonly row: number | null;
  readonly remedy: string;
}

interface Rule {
  readonly row: number | null;
  readonly type?: string;
  readonly shape?: RegExp;
  readonly remedy: (match: readonly string[], ctx: RemedyContext) => string;
}

/**
 * Where an index template's alias comes from: its own `template`, else the last component template in its
 * `composed_of` that has it (the one whose definition wins).
 */
function aliasSource(state: ClusterState, templateName: string, alias: string): string {
  const template = state.templates.get(templateName);
  if (!template || template.template?.aliases?.[alias] !== undefined) return `index template [${templateName}]`;
  const component = [...(template.composed_of ?? [])].reverse().find((name) => state.componentTemplates.get(name)?.template.aliases?.[alias] !== undefined);
  return component === undefined ? `index template [${templateName}]` : `component template [${component}] (which index template [${templateName}] is composed of)`;
}

function shrinkRemedy(target: number, source: number, phase: string | undefined): string {
  const where = phase ? `the [${phase}] phase's shrink action` : 'the shrink action';
  if (source <= 1) {
    return `The index has ${source} primary shard, so there is nothing to shrink to: remove ${where}, or give the index more primary shards (index.number_of_shards, in its settings or its index template).`;
  }
  const factors = Array.from({ length: source - 1 }, (_, i) => i + 1).filter((n) => source % n === 0);
  const choice = factors.length === 1 ? `${factors[0]}` : `one of ${factors.join(', ')}`;
  return `Set number_of_shards in ${where} to ${choice} (a factor of the index's ${source} primary shards, below it) instead of ${target}, or give the index more primary shards (index.number_of_shards).`;
}

/** An alias the index is written through: its explicit write index alias, else its only alias. */
function writeAliasOf(index: IndexMetadata | undefined): string | undefined {
  if (!index) return undefined;
  const aliases = Object.entries(index.aliases);
  return aliases.find(([, meta]) => meta.is_write_index === true)?.[0] ?? (aliases.length === 1 ? aliases[0]![0] : undefined);
}

const STEP_RULES: readonly Rule[] = [
  {
    row: 1,
    shape: /^the number of target shards \[(\d+)\] must be less than the number of source shards \[(\d+)\]$/,
    remedy: ([, target, source], ctx) => shrinkRemedy(Number(target), Number(source), ctx.phase),
  },
  {
    row: 1,
    shape: /^the number of source shards \[(\d+)\] must be a multiple of \[(\d+)\]$/,
    remedy: ([, source, target], ctx) => shrinkRemedy(Number(target), Number(source), ctx.phase),
  },
  {
    row: 1,
    shape: /the target shards count \[(\d+)\] must be a factor of the source index's shards count \[(\d+)\]$/,
    remedy: ([, target, source], ctx) => shrinkRemedy(Number(target), Number(source), ctx.phase),
  },
  {
    row: 2,
    shape: /^Rollover alias \[(.+)\] can point to multiple indices, found duplicated alias \[\[.*\]\] in index template \[(.+)\]$/,
    remedy: ([, alias, template], ctx) =>
      `Remove alias [${alias}] from the aliases of ${aliasSource(ctx.state, template!, alias!)}, keeping index.lifecycle.rollover_alias in its settings: set the alias only on the first index, as its write index, and rollover moves it from then on.`,
  },
  {
    row: 3,
    shape: /^index\.lifecycle\.rollover_alias \[(.+)\] does not point to index \[(.+)\]$/,
    remedy: ([, alias, index], ctx) => {
      const has = Object.keys(ctx.index?.aliases ?? {});
      const listed = has.length > 0 ? ` (it has [${has.join(', ')}])` : ' (it has none)';
      return `Add alias [${alias}] to index [${index}] as its write index (POST /_aliases with "is_write_index": true), or set index.lifecycle.rollover_alias to the alias the index is written through${listed}.`;
    },
  },
  {
    row: 4,
    shape: /^setting \[index\.lifecycle\.rollover_alias\] for index \[(.+?)\] is empty or not defined/,
    remedy: ([, index], ctx) => {
      const alias = writeAliasOf(ctx.index);
      return `Set index.lifecycle.rollover_alias for index [${index}], in its settings or in the index template that creates it, to the alias it is written through${alias ? ` ([${alias}])` : ''}.`;
    },
  },
  {
    row: 5,
    shape: /^alias \[(.+)\] has more than one write index \[(.+)\]$/,
    remedy: ([, alias], ctx) => {
      const template = [...ctx.state.templates.values()].find((t) => resolveTemplate(ctx.state, t).aliases[alias!]?.is_write_index === true);
      const fromTemplate = template ? `, and drop is_write_index from [${alias}] in ${aliasSource(ctx.state, template.name, alias!)}, which makes every index it creates a write index of it` : '';
      return `Leave alias [${alias}] one write index: set is_write_index to false on all the others with POST /_aliases${fromTemplate}.`;
    },
  },
  {
    row: 6,
    shape: /^index name \[(.+)\] does not match pattern '\^\.\*-\\d\+\$'$/,
    remedy: ([, index]) =>
      `Rollover names the next index by incrementing a numeric suffix, so name the index like [${index}-000001]. An existing index cannot be renamed: let such an index take over the write alias, and set index.lifecycle.indexing_complete: true on this one.`,
  },
  {
    row: 7,
    type: 'circuit_breaking_exception',
    remedy: () => 'Relieve the memory pressure before the step runs: raise indices.breaker.request.limit (or indices.breaker.total.limit), or make the index smaller.',
  },
  {
    row: 8,
    type: 'cluster_block_exception',
    shape: /flood-stage watermark/,
    remedy: () => 'Free disk (delete old data) or raise cluster.routing.allocation.disk.watermark.flood_stage; the block is released once usage is below the high watermark.',
  },
  {
    row: 9,
    type: 'security_exception',
    shape: /^action \[(.+?)\] is unauthorized for user \[(.+?)\] with roles \[(.*?)\] on indices \[(.+?)\](?:, this action is granted by the index privileges \[(.+)\])?$/,
    remedy: ([, action, user, , indices, privileges]) =>
      `Give user [${user}] a role granting ${privileges ? `one of the index privileges [${privileges}]` : `[${action}]`} on [${indices}], or have a user who holds them PUT the policy: its steps run as the user who last modified it.`,
  },
  {
    row: null,
    shape: /^index \[(.+)\] is not the write index for alias \[(.+)\]$/,
    remedy: ([, index, alias]) =>
      `Make [${index}] the write index of alias [${alias}] (POST /_aliases with "is_write_index": true), or set index.lifecycle.rollover_alias to the alias it is written through.`,
  },
  {
    row: null,
    shape: /^rollover target \[(.+)\] does not point to a write index$/,
    remedy: ([, alias]) => `Mark one index of alias [${alias}] as its write index (POST /_aliases with "is_write_index": true).`,
  },
  {
    row: null,
    shape: /^repository \[(.+)\] is missing\./,
    remedy: ([, repository]) => `Register the repository with PUT /_snapshot/${repository}, or change the policy's snapshot_repository to one that exists.`,
  },
  {
    row: null,
    shape: /^index is not green; not all shards are active$/,
    remedy: () =>
      'One node cannot place replicas, so the mounted index never turns green: give the index "index.number_of_replicas": 0 before its searchable_snapshot action (in its settings, or with an allocate action in an earlier phase).',
  },
  {
    row: null,
    shape: /^policy \[(.+)\] does not exist$/,
    remedy: ([, policy]) => `Create the policy with PUT /_ilm/policy/${policy}, or set index.lifecycle.name to a policy that exists.`,
  },
  {
    row: null,
    type: 'resource_already_exists_exception',
    shape: /^index \[(.+?)\/.*\] already exists$/,
    remedy: ([, index]) => `Delete or rename index [${index}]: it is in the way of the index this step creates.`,
  },
];

/** PUT /_ilm/policy's validation messages, each with what to change. */
const POLICY_RULES: readonly Rule[] = [
  {
    row: null,
    shape: /invalid action \[(.+?)\] defined in phase \[(.+?)\]/,
    remedy: ([, action, phase]) => {
      const allowed = PHASES.filter((p) => PHASE_ACTIONS[p].includes(action!));
      return `Remove the [${action}] action from the [${phase}] phase${allowed.length > 0 ? `; the phases that allow it: ${allowed.join(', ')}` : ''}.`;
    },
  },
  { row: null, shape: /Timeseries lifecycle does not support phase/, remedy: () => 'Use only the phases hot, warm, cold, frozen and delete.' },
  {
    row: null,
    shape: /action \[(.+?)\] defined in phase \[.+?\] is not supported by Tessera/,
    remedy: ([, action]) => `Tessera cannot run [${action}] yet (docs/ilm.md, "Not supported yet"): remove it from the policy.`,
  },
  {
    row: null,
    shape: /may not be used in the \[hot\] phase without an accompanying \[rollover\] action/,
    remedy: () => 'Add a rollover action to the hot phase, or move these actions to the warm phase.',
  },
  {
    row: null,
    shape: /Your policy is configured to run/,
    remedy: () => 'Give each phase a min_age at least as large as that of every phase before it (in the order hot, warm, cold, frozen, delete).',
  },
  {
    row: null,
    shape: /specify an enabled migrate action and an allocate action with allocation rules/,
    remedy: () => "Use either the migrate action or allocate's include, exclude and require rules in a phase, not both (migrate with enabled: false keeps allocate's rules).",
  },
  {
    row: null,
    shape: /which are not allowed after a managed index is mounted as a searchable snapshot/,
    remedy: () => 'Move forcemerge, shrink and downsample to a phase before the searchable_snapshot action, or remove them.',
  },
  {
    row: null,
    shape: /without a corresponding \[searchable_snapshot\] action/,
    remedy: () => 'Add a searchable_snapshot action to the frozen phase, or remove the phase.',
  },
];

function find(rules: readonly Rule[], type: string | undefined, message: string): { rule: Rule; match: readonly string[] } | undefined {
  for (const rule of rules) {
    if (rule.type !== undefined && rule.type !== type) continue;
    const match = rule.shape ? rule.shape.exec(message) : [message];
    if (match) return { rule, match };
  }
  return undefined;
}

/** The row and remedy of a step's failure or endless wait. */
export function diagnoseStep(type: string | undefined, message: string, ctx: RemedyContext): Diagnosis {
  const found = find(STEP_RULES, type, message);
  if (found) return { row: found.rule.row, remedy: found.rule.remedy(found.match, ctx) };
  return { row: null, remedy: 'Fix the cause the message names before the step runs.' };
}

/** The row and remedy of a refused request: `PUT /_ilm/policy/<name>` or `PUT /<index>`. */
export function diagnoseRequest(request: string, type: string, message: string, ctx: RemedyContext): Diagnosis {
  const found = find(POLICY_RULES, type, message) ?? find(STEP_RULES, type, message);
  if (found) return { row: found.rule.row, remedy: found.rule.remedy(found.match, ctx) };
  return { row: null, remedy: `Change the request as the message says: ${request} refuses it as it is.` };
}
