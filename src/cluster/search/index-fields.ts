/**
 * @module The fields an index's mapping makes searchable, by full path (MappingLookup): concrete fields with the
 * parameters indexing and queries read, multi-fields under their parent, aliases pointing at their target. Built
 * once per mapping object: the cluster state replaces a mapping when it changes, never edits it.
 */
import { isJsonObject, isObjectMapping, propertiesOf, typeOf, type JsonObject, type RootMapping } from '../mappings/mapping-model.js';
import { DATE_TYPES, FLOAT_TYPES, INTEGER_RANGES } from '../mappings/field-types.js';

/** How a field's values are kept: analysed text in postings, keywords and numbers as doc values. */
export type FieldFamily = 'text' | 'keyword' | 'numeric' | 'date' | 'boolean';

export interface SearchField {
  readonly path: string;
  readonly type: string;
  readonly family: FieldFamily | undefined;
  readonly mapping: JsonObject;
  /** `index: false`: not searchable (ES refuses queries on it unless doc values allow them). */
  readonly indexed: boolean;
  readonly docValues: boolean;
  readonly analyzer: string;
  readonly searchAnalyzer: string;
  /** Multi-fields (`fields`), fed the parent's values. */
  readonly subfields: readonly SearchField[];
  /** copy_to targets, fed this field's values as given. */
  readonly copyTo: readonly string[];
}

export interface IndexFields {
  /** Concrete fields (multi-fields included) by full path. */
  readonly fields: ReadonlyMap<string, SearchField>;
  /** Alias paths to their target's path. */
  readonly aliases: ReadonlyMap<string, string>;
  /** Object and nested paths. */
  readonly objects: ReadonlyMap<string, 'object' | 'nested'>;
  /** Runtime fields by path (read from _source at search time). */
  readonly runtime: ReadonlyMap<string, JsonObject>;
  /** The nested object each field lives in (its deepest `nested` ancestor); absent for root fields. */
  readonly nestedOf: ReadonlyMap<string, string>;
  /** Nested objects whose fields are also indexed into the root document (`include_in_root`, or `include_in_parent` directly under it). */
  readonly includedInRoot: ReadonlySet<string>;
}

export function familyOf(type: string): FieldFamily | undefined {
  if (type === 'text' || type === 'match_only_text') return 'text';
  if (type === 'keyword' || type === 'constant_keyword' || type === 'wildcard' || type === 'ip' || type === 'version') return 'keyword';
  if (INTEGER_RANGES[type] || FLOAT_TYPES.has(type)) return 'numeric';
  if (DATE_TYPES.has(type)) return 'date';
  if (type === 'boolean') return 'boolean';
  return undefined;
}

function searchField(path: string, mapping: JsonObject): SearchField {
  const type = typeOf(mapping);
  const analyzer = typeof mapping.analyzer === 'string' ? mapping.analyzer : 'standard';
  const subfields = isJsonObject(mapping.fields) ? Object.entries(mapping.fields).map(([name, sub]) => searchField(`${path}.${name}`, sub as JsonObject)) : [];
  const copyTo = Array.isArray(mapping.copy_to) ? (mapping.copy_to as string[]) : typeof mapping.copy_to === 'string' ? [mapping.copy_to] : [];
  return {
    path,
    type,
    family: familyOf(type),
    mapping,
    indexed: mapping.index !== false,
    docValues: mapping.doc_values !== false && type !== 'text',
    analyzer,
    searchAnalyzer: typeof mapping.search_analyzer === 'string' ? mapping.search_analyzer : analyzer,
    subfields,
    copyTo,
  };
}

function build(mapping: RootMapping): IndexFields {
  const fields = new Map<string, SearchField>();
  const aliases = new Map<string, string>();
  const objects = new Map<string, 'object' | 'nested'>();
  const nestedOf = new Map<string, string>();
  const includedInRoot = new Set<string>();
  const walk = (properties: Record<string, JsonObject>, prefix: string, nested: string | undefined) => {
    for (const [name, m] of Object.entries(properties)) {
      const path = prefix + name;
      if (isObjectMapping(m)) {
        const kind = typeOf(m) === 'nested' ? 'nested' : 'object';
        objects.set(path, kind);
        if (kind === 'nested' && (m.include_in_root === true || (m.include_in_parent === true && nested === undefined))) includedInRoot.add(path);
        if (nested !== undefined) nestedOf.set(path, nested);
        if (m.enabled !== false) walk(propertiesOf(m), `${path}.`, kind === 'nested' ? path : nested);
        continue;
      }
      if (m.type === 'alias') {
        if (typeof m.path === 'string') aliases.set(path, m.path);
        continue;
      }
      const field = searchField(path, m);
      fields.set(path, field);
      for (const sub of field.subfields) fields.set(sub.path, sub);
      if (nested !== undefined) for (const f of [field, ...field.subfields]) nestedOf.set(f.path, nested);
    }
  };
  if (mapping.enabled !== false) walk(propertiesOf(mapping), '', undefined);
  const runtime = new Map<string, JsonObject>();
  if (isJsonObject(mapping.runtime)) for (const [name, m] of Object.entries(mapping.runtime)) runtime.set(name, m as JsonObject);
  return { fields, aliases, objects, runtime, nestedOf, includedInRoot };
}

const BUILT = new WeakMap<object, IndexFields>();

/** The searchable fields of `mapping`, built once per mapping object. */
export function indexFields(mapping: RootMapping): IndexFields {
  let fields = BUILT.get(mapping);
  if (!fields) BUILT.set(mapping, (fields = build(mapping)));
  return fields;
}

const SCOPED = new WeakMap<IndexFields, Map<string, IndexFields>>();

/**
 * The fields a query sees from one place: at the root (`nested` undefined) the fields outside every nested object,
 * inside a nested query the fields of that nested object. ES keeps nested objects as documents of their own, so a
 * field of one is reached only through a nested query on its path.
 */
export function scopedFields(all: IndexFields, nested: string | undefined): IndexFields {
  let byScope = SCOPED.get(all);
  if (!byScope) SCOPED.set(all, (byScope = new Map()));
  const key = nested ?? '';
  let scoped = byScope.get(key);
  if (!scoped) {
    // A root query also sees the fields of nested objects indexed into the root document as well.
    const visible = (path: string) => {
      const own = all.nestedOf.get(path);
      return own === nested || (nested === undefined && own !== undefined && all.includedInRoot.has(own));
    };
    const fields = new Map([...all.fields].filter(([path]) => visible(path)));
    const aliases = new Map([...all.aliases].filter(([, target]) => visible(target)));
    byScope.set(key, (scoped = { ...all, fields, aliases }));
  }
  return scoped;
}

/** The concrete field a query's name reaches (through an alias), or undefined when the index does not map it. */
export function resolveField(fields: IndexFields, name: string): SearchField | undefined {
  return fields.fields.get(fields.aliases.get(name) ?? name);
}
