/** @module How index metadata reads in ES responses: aliases, settings (nested or flat), mappings. */
import { nestSettings, type AliasMetadata, type IndexMetadata } from '../../cluster/index.js';

export function renderAlias(meta: AliasMetadata): Record<string, unknown> {
  return { ...meta };
}

export function renderAliases(index: IndexMetadata): Record<string, unknown> {
  return Object.fromEntries(Object.keys(index.aliases).sort().map((alias) => [alias, renderAlias(index.aliases[alias]!)]));
}

export function renderSettings(index: IndexMetadata, flat: boolean): Record<string, unknown> {
  return flat ? { ...index.settings } : nestSettings(index.settings);
}
