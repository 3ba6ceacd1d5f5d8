/**
 * @module The index settings Tessera knows (ES's IndexScopedSettings), each a typed Setting, and the validation of
 * user-given index settings against them.
 */
import { ClusterErrors } from './cluster-error.js';
import { setting, type Setting, type SettingParser, type SettingProperties } from './setting.js';
import { booleanValue, intValue, longValue, textValue, timeValue } from './setting-parsers.js';
import { flattenSettings, settingText, withIndexPrefix } from './settings.js';
import { BUILT_IN_ANALYZERS } from './mappings/field-types.js';

const indexScoped = <T>(key: string, parser: SettingParser<T>, properties: SettingProperties = {}): Setting<T> => setting(key, 'index', parser, properties);
const privateText = (key: string) => indexScoped(key, textValue, { private: true });

export const NUMBER_OF_SHARDS = setting('index.number_of_shards', 'index', intValue({ min: 1, max: 1024 }), { final: true, default: '1' });
export const NUMBER_OF_REPLICAS = setting('index.number_of_replicas', 'index', intValue({ min: 0 }), { default: '1' });
export const HIDDEN = setting('index.hidden', 'index', booleanValue, { default: 'false' });
/** The date ILM's `min_age` counts from, when set (-1: not set). */
export const LIFECYCLE_ORIGINATION_DATE = setting('index.lifecycle.origination_date', 'index', longValue({ min: -1 }), { default: '-1' });

const INDEX_SETTINGS: readonly Setting<unknown>[] = [
  NUMBER_OF_SHARDS,
  NUMBER_OF_REPLICAS,
  indexScoped('index.auto_expand_replicas', textValue),
  indexScoped('index.refresh_interval', timeValue(-1, '-1')),
  indexScoped('index.priority', intValue({ min: 0 })),
  HIDDEN,
  indexScoped('index.codec', textValue, { static: true }),
  indexScoped('index.blocks.write', booleanValue),
  indexScoped('index.blocks.read_only', booleanValue),
  indexScoped('index.blocks.read_only_allow_delete', booleanValue),
  indexScoped('index.blocks.read', booleanValue),
  indexScoped('index.blocks.metadata', booleanValue),
  indexScoped('index.lifecycle.name', textValue),
  indexScoped('index.lifecycle.rollover_alias', textValue),
  LIFECYCLE_ORIGINATION_DATE,
  indexScoped('index.lifecycle.parse_origination_date', booleanValue),
  indexScoped('index.lifecycle.indexing_complete', booleanValue),
  indexScoped('index.lifecycle.step.wait_time_threshold', timeValue(3_600_000, '1h')),
  indexScoped('index.routing.allocation.total_shards_per_node', intValue({ min: -1 })),
  indexScoped('index.mapping.total_fields.limit', longValue({ min: 0 })),
  indexScoped('index.mapping.depth.limit', longValue({ min: 1 })),
  indexScoped('index.mapping.ignore_malformed', booleanValue, { static: true }),
  indexScoped('index.mapping.coerce', booleanValue, { static: true }),
  // Search's fetch bounds (IndexSettings): read by cluster/search/fetch.
  indexScoped('index.highlight.max_analyzed_offset', intValue({ min: 1 }), { default: '1000000' }),
  indexScoped('index.max_docvalue_fields_search', intValue({ min: 0 }), { default: '100' }),
  indexScoped('index.creation_date', longValue(), { private: true }),
  privateText('index.uuid'),
  indexScoped('index.verified_before_close', booleanValue, { private: true }),
  privateText('index.provided_name'),
  privateText('index.version.created'),
  privateText('index.resize.source.name'),
  privateText('index.resize.source.uuid'),
  privateText('index.store.type'),
  privateText('index.store.snapshot.repository_name'),
  privateText('index.store.snapshot.snapshot_name'),
  privateText('index.store.snapshot.index_name'),
  indexScoped('index.store.snapshot.partial', booleanValue, { private: true }),
];

const BY_KEY: ReadonlyMap<string, Setting<unknown>> = new Map(INDEX_SETTINGS.map((s) => [s.key, s]));

/** Settings groups with free-form suffixes, such as allocation filters (ES's prefix-key settings), all text. */
const INDEX_SETTING_PREFIXES = ['index.routing.allocation.include.', 'index.routing.allocation.exclude.', 'index.routing.allocation.require.'];

const ANALYSIS_PREFIX = 'index.analysis.';

function analysisRefusal(key: string) {
  const builtIn = [...BUILT_IN_ANALYZERS].filter((a) => a !== 'default').sort().join(', ');
  return ClusterErrors.illegalArgument(
    `setting [${key}] is not supported: Tessera has no custom analysis, so no [index.analysis.*] setting can be set; a field's [analyzer], [search_analyzer] and [search_quote_analyzer] may name a built-in analyzer: [${builtIn}]`,
  );
}

export interface ValidateOptions {
  /** Updating an existing index: final settings are refused, and static ones unless the index is closed. */
  readonly update?: { readonly index: string; readonly uuid: string; readonly closed?: boolean };
}

/**
 * Validates user-given settings and returns them flat, prefixed and stringified. `null` values
 * (reset to default on update) are returned as null.
 */
export function normalizeIndexSettings(input: unknown, options: ValidateOptions = {}): Record<string, string | null> {
  const flat = withIndexPrefix(flattenSettings(input));
  const out: Record<string, string | null> = {};
  const finals: string[] = [];
  for (const [key, raw] of Object.entries(flat)) {
    const known = BY_KEY.get(key);
    // ES would build analyzers from these; Tessera analyses no text, so it refuses them rather than store them unused.
    if (key.startsWith(ANALYSIS_PREFIX)) throw analysisRefusal(key);
    if (!known && !INDEX_SETTING_PREFIXES.some((p) => key.startsWith(p) && key.length > p.length)) {
      throw ClusterErrors.illegalArgument(
        `unknown setting [${key}] please check that any required plugins are installed, or check the breaking changes documentation for removed settings`,
      );
    }
    if (known?.private) throw ClusterErrors.illegalArgument(`unknown setting [${key}] is a private setting and cannot be set by users`);
    if (options.update && known && (known.final || (!known.dynamic && !options.update.closed))) {
      // A closed index takes static settings but never a final one (AbstractScopedSettings.updateSettings).
      if (options.update.closed) throw ClusterErrors.illegalArgument(`final ${options.update.index} setting [${key}], not updateable`);
      finals.push(key);
    }
    if (raw === null) {
      out[key] = null;
      continue;
    }
    const value = settingText(key, raw);
    known?.parse(value);
    out[key] = value;
  }
  if (finals.length > 0 && options.update) {
    const { index, uuid } = options.update;
    throw ClusterErrors.illegalArgument(`Can't update non dynamic settings [[${finals.join(', ')}]] for open indices [[${index}/${uuid}]]`);
  }
  return out;
}
