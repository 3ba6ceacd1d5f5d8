/** @module What the matching legacy templates give a new index (MetadataCreateIndexService.applyCreateIndexRequestWithV1Templates). */
import type { AliasMetadata } from '../index-metadata.js';
import type { LegacyTemplate } from '../legacy-template.js';
import type { FlatSettings } from '../settings.js';

export interface LegacyLayers {
  readonly settings: FlatSettings;
  /** Each template's mapping, lowest order first, so the merge lets the higher order win. */
  readonly mappings: readonly Readonly<Record<string, unknown>>[];
  readonly aliases: Readonly<Record<string, AliasMetadata>>;
}

/** `templates` highest order first, as findLegacyTemplates gives them: the higher order wins each setting, mapping and alias. */
export function legacyLayers(templates: readonly LegacyTemplate[]): LegacyLayers {
  const lowestFirst = [...templates].reverse();
  return {
    settings: Object.assign({}, ...lowestFirst.map((t) => t.settings)) as FlatSettings,
    mappings: lowestFirst.map((t) => t.mappings).filter((m) => Object.keys(m).length > 0),
    aliases: Object.assign({}, ...lowestFirst.map((t) => t.aliases)) as Record<string, AliasMetadata>,
  };
}
