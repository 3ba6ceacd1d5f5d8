/** @module The `{index}` placeholder in a template alias's name, which ES replaces by the name of the index it applies to. */
import type { AliasMetadata } from './index-metadata.js';

/** A template alias's name for `index`: every `{index}` replaced (MetadataCreateIndexService.resolveAndValidateAliases). */
export function templateAliasName(alias: string, index: string): string {
  return alias.replaceAll('{index}', index);
}

/** A template's aliases as an index named `index` gets them. */
export function templateAliasesFor(index: string, aliases: Readonly<Record<string, AliasMetadata>>): Record<string, AliasMetadata> {
  return Object.fromEntries(Object.entries(aliases).map(([name, alias]) => [templateAliasName(name, index), alias]));
}
