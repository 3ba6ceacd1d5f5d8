/**
 * @module Legacy index templates (`PUT /_template/<name>`, ES's IndexTemplateMetadata): older tools still write them.
 * They apply only where no composable template matches, and then every matching one applies, merged by `order`.
 */
import type { AliasMetadata } from './index-metadata.js';
import type { FlatSettings } from './settings.js';
import { matchesPattern } from '../platform/units/index.js';

export interface LegacyTemplate {
  readonly name: string;
  readonly order: number;
  readonly version?: number;
  readonly index_patterns: readonly string[];
  readonly settings: FlatSettings;
  /** The mapping without its `_doc` type wrapper; empty when the template has none. */
  readonly mappings: Readonly<Record<string, unknown>>;
  readonly aliases: Readonly<Record<string, AliasMetadata>>;
}

/**
 * MetadataIndexTemplateService.findV1Templates: the matching templates, highest `order` first. A hidden index
 * (`index.hidden` in the request) gets no global (`*`) template, since those are meant for the user's own indices.
 */
export function findLegacyTemplates(templates: Iterable<LegacyTemplate>, index: string, hidden: boolean | undefined): LegacyTemplate[] {
  const matched = [...templates].filter((t) =>
    t.index_patterns.some((p) => {
      if (hidden === true && p === '*') return false;
      return matchesPattern(p, index);
    }),
  );
  // A stable sort keeps ES's tie order only as far as its HashMap's; equal orders are rare and ES leaves them unspecified.
  return matched.sort((a, b) => b.order - a.order);
}
