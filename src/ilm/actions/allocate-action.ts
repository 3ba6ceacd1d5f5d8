/** @module The allocate action (AllocateAction): replicas, shards per node and allocation rules as index settings. */
import { StepKey } from '../step-key.js';
import { withSettings } from '../steps/cluster-edits.js';
import { actionStep, needs, SHARDS_PLACED, waitStep, type Step, type StepContext } from '../steps/step.js';
import type { LifecycleAction } from './lifecycle-action.js';
import { fields, illegal, integer } from './settings-parser.js';
import { StepPrivileges } from './step-privileges.js';

const RULES = ['include', 'exclude', 'require'] as const;

/** Node attribute to value, per rule; ES writes the three rules back even when empty. */
export type AllocateSettings = {
  readonly number_of_replicas?: number;
  readonly total_shards_per_node?: number;
} & { readonly [R in (typeof RULES)[number]]: Readonly<Record<string, unknown>> };

function parse(config: unknown): AllocateSettings {
  const c = fields('allocate', config, ['number_of_replicas', 'total_shards_per_node', ...RULES]);
  const out: Record<string, unknown> = {};
  if (c.number_of_replicas !== undefined) {
    const n = integer('allocate', 'number_of_replicas', c.number_of_replicas);
    if (n < 0) throw illegal('[number_of_replicas] must be >= 0');
    out.number_of_replicas = n;
  }
  if (c.total_shards_per_node !== undefined) out.total_shards_per_node = integer('allocate', 'total_shards_per_node', c.total_shards_per_node);
  for (const rule of RULES) out[rule] = c[rule] ?? {};
  return out as AllocateSettings;
}

/** Whether the action moves shards by node attributes (a data migration of its own, so no migrate is injected). */
export function hasAllocationRules(config: AllocateSettings | undefined): boolean {
  return config !== undefined && RULES.some((rule) => Object.keys(config[rule] ?? {}).length > 0);
}

function allocate(ctx: StepContext, config: AllocateSettings) {
  const changes: Record<string, string> = {};
  if (config.number_of_replicas !== undefined) changes['index.number_of_replicas'] = String(config.number_of_replicas);
  if (config.total_shards_per_node !== undefined) changes['index.routing.allocation.total_shards_per_node'] = String(config.total_shards_per_node);
  for (const rule of RULES) {
    for (const [attribute, value] of Object.entries(config[rule] ?? {})) changes[`index.routing.allocation.${rule}.${attribute}`] = String(value);
  }
  return withSettings(ctx.state, ctx.index.name, changes);
}

function toSteps(phase: string, config: AllocateSettings, nextKey: StepKey | undefined): Step[] {
  const key = (name: string) => StepKey.create(phase, 'allocate', name);
  return [
    needs(StepPrivileges.updateSettings, actionStep(key('allocate'), key('check-allocation'), (ctx) => allocate(ctx, config))),
    waitStep(key('check-allocation'), nextKey, SHARDS_PLACED),
  ];
}

export const AllocateAction: LifecycleAction<AllocateSettings> = Object.freeze({ name: 'allocate', parse, toSteps });
