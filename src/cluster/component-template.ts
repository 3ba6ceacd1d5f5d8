/** @module Component templates (`PUT /_component_template/<name>`): the building blocks an index template's `composed_of` names. */
import type { AliasMetadata } from './index-metadata.js';
import type { FlatSettings } from './settings.js';

/** The settings, mappings and aliases a component template or an index template's own `template` holds. */
export interface TemplateBody {
  readonly settings?: FlatSettings;
  readonly mappings?: Readonly<Record<string, unknown>>;
  readonly aliases?: Readonly<Record<string, AliasMetadata>>;
}

export interface ComponentTemplate {
  readonly name: string;
  readonly template: TemplateBody;
  readonly version?: number;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly deprecated?: boolean;
}
