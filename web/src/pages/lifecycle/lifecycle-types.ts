/** The shapes of the ILM answers the lifecycle views read: explain records, policies, and the phase order. */
import { es } from '../../api/es.ts';

/** Why a step failed (`type`, `reason`) or why it waits (`message`), as explain reports it. */
export interface StepInfo {
  readonly type?: string;
  readonly reason?: string;
  readonly message?: string;
  readonly [extra: string]: unknown;
}

export interface PhaseDefinition {
  readonly min_age?: string;
  readonly actions?: Readonly<Record<string, unknown>>;
}

export interface ExplainRecord {
  readonly index: string;
  readonly managed: boolean;
  readonly policy?: string;
  readonly index_creation_date_millis?: number;
  readonly time_since_index_creation?: string;
  readonly lifecycle_date_millis?: number;
  readonly age?: string;
  readonly phase?: string;
  readonly phase_time_millis?: number;
  readonly action?: string;
  readonly action_time_millis?: number;
  readonly step?: string;
  readonly step_time_millis?: number;
  readonly failed_step?: string;
  readonly is_auto_retryable_error?: boolean;
  readonly failed_step_retry_count?: number;
  readonly step_info?: StepInfo;
  readonly previous_step_info?: StepInfo;
  readonly shrink_index_name?: string;
  readonly phase_execution?: {
    readonly policy: string;
    readonly phase_definition?: PhaseDefinition;
    readonly version: number;
    readonly modified_date_in_millis: number;
  };
}

export interface PolicyBody {
  readonly phases: Readonly<Record<string, PhaseDefinition>>;
  readonly _meta?: unknown;
}

export interface PolicyEntry {
  readonly version: number;
  readonly modified_date: string;
  readonly policy: PolicyBody;
  readonly in_use_by: { readonly indices: readonly string[]; readonly data_streams: readonly string[]; readonly composable_templates: readonly string[] };
}

/** The route segment of the new-policy form (`#/lifecycle/policies/_new`): no policy name starts with `_`. */
export const NEW_POLICY_ROUTE = '_new';

/** The phases a policy may have, in the order they run. */
export const PHASE_ORDER = ['hot', 'warm', 'cold', 'frozen', 'delete'] as const;

/** Explain for `expression` (an index, alias or pattern), records sorted by index name. */
export async function explain(expression: string, query = ''): Promise<ExplainRecord[]> {
  const answer = await es<{ indices: Record<string, ExplainRecord> }>('GET', `/${encodeURIComponent(expression)}/_ilm/explain${query}`);
  return Object.values(answer.indices).sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
}

export const fetchPolicies = () => es<Record<string, PolicyEntry>>('GET', '/_ilm/policy');

export async function fetchPolicy(name: string): Promise<PolicyEntry> {
  const answer = await es<Record<string, PolicyEntry>>('GET', `/_ilm/policy/${encodeURIComponent(name)}`);
  const entry = answer[name];
  if (!entry) throw new Error(`the server did not return policy [${name}]`);
  return entry;
}

export const retryIndex = (index: string) => es<unknown>('POST', `/${encodeURIComponent(index)}/_ilm/retry`);

export function isError(record: ExplainRecord): boolean {
  return record.step === 'ERROR';
}
