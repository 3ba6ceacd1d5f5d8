/** @module How index metadata reads in ES responses: aliases, settings (nested or flat), mappings. */
import { ES_VERSION, ES_VERSION_ID, nestSettings, type AliasMetadata, type IndexMetadata } from '../../cluster/index.js';
import { javaUtcString } from '../../platform/iso-instant.js';

export function renderAlias(meta: AliasMetadata): Record<string, unknown> {
  return { ...meta };
}

export function renderAliases(index: IndexMetadata): Record<string, unknown> {
  return Object.fromEntries(Object.keys(index.aliases).sort().map((alias) => [alias, renderAlias(index.aliases[alias]!)]));
}

/** IndexMetadata.addHumanReadableSettings, which ES applies to an index's settings under `human`. */
export function humanSettings(settings: Readonly<Record<string, string>>): Record<string, string> {
  const out = { ...settings };
  if (settings['index.version.created'] === ES_VERSION_ID) out['index.version.created_string'] = ES_VERSION;
  const created = Number(settings['index.creation_date']);
  if (settings['index.creation_date'] !== undefined && Number.isSafeInteger(created)) out['index.creation_date_string'] = javaUtcString(created);
  return out;
}

export function renderSettings(index: IndexMetadata, flat: boolean, human = false): Record<string, unknown> {
  const settings = human ? humanSettings(index.settings) : { ...index.settings };
  return flat ? settings : nestSettings(settings);
}
