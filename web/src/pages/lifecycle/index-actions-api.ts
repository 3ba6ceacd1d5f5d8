/**
 * The Elasticsearch calls behind the index page's remedies, each the API a user would call by hand: settings,
 * aliases, attaching and removing a policy, moving to a step, and ILM's operation mode.
 */
import { EsError, es } from '../../api/es.ts';

const path = (index: string) => `/${encodeURIComponent(index)}`;

/** The index's own settings, flat (`index.lifecycle.rollover_alias`), as the server stores them. */
export async function indexSettings(index: string): Promise<Readonly<Record<string, unknown>>> {
  const answer = await es<Record<string, { settings: Record<string, unknown> }>>('GET', `${path(index)}/_settings?flat_settings=true`);
  return answer[index]?.settings ?? {};
}

export interface AliasFlags {
  readonly is_write_index?: boolean;
}

/** The index's aliases, by name. */
export async function indexAliases(index: string): Promise<Readonly<Record<string, AliasFlags>>> {
  const answer = await es<Record<string, { aliases: Record<string, AliasFlags> }>>('GET', `${path(index)}/_alias`);
  return answer[index]?.aliases ?? {};
}

/** Every index that has `alias`, with its flags; none when no index has it (the server answers 404). */
export async function aliasHolders(alias: string): Promise<Readonly<Record<string, AliasFlags>>> {
  try {
    const answer = await es<Record<string, { aliases: Record<string, AliasFlags> }>>('GET', `/_alias/${encodeURIComponent(alias)}`);
    return Object.fromEntries(Object.entries(answer).map(([index, entry]) => [index, entry.aliases[alias] ?? {}]));
  } catch (error) {
    if (error instanceof EsError && error.status === 404) return {};
    throw error;
  }
}

export const putIndexSettings = (index: string, settings: Readonly<Record<string, unknown>>) => es<unknown>('PUT', `${path(index)}/_settings`, settings);

export const removeIndexPolicy = (index: string) => es<unknown>('POST', `${path(index)}/_ilm/remove`);

/**
 * Adds `alias` to `index`. As its write index, the same request (one atomic change) takes the write flag from
 * every other index that holds it, so the alias never has two write indices nor none in between.
 */
export async function addAlias(index: string, alias: string, writeIndex: boolean): Promise<unknown> {
  const others = writeIndex ? Object.entries(await aliasHolders(alias)).filter(([name, flags]) => name !== index && flags.is_write_index === true) : [];
  const actions = [
    ...others.map(([name]) => ({ add: { index: name, alias, is_write_index: false } })),
    { add: { index, alias, ...(writeIndex && { is_write_index: true }) } },
  ];
  return es<unknown>('POST', '/_aliases', { actions });
}

export interface StepTarget {
  readonly phase: string;
  readonly action?: string;
}

/** `current` is where explain says the index is; a target without an action is its phase's first step, as the server resolves it. */
export const moveToStep = (index: string, current: { phase: string; action: string; name: string }, next: StepTarget) =>
  es<unknown>('POST', `/_ilm/move/${encodeURIComponent(index)}`, { current_step: current, next_step: next });

export type OperationMode = 'RUNNING' | 'STOPPING' | 'STOPPED';

export async function ilmStatus(): Promise<OperationMode> {
  return (await es<{ operation_mode: OperationMode }>('GET', '/_ilm/status')).operation_mode;
}

export const startIlm = () => es<unknown>('POST', '/_ilm/start');
export const stopIlm = () => es<unknown>('POST', '/_ilm/stop');
