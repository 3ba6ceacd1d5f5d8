/** @module Composable index templates (`PUT /_index_template/<name>`), and which one applies to a new index. */
import type { TemplateBody } from './component-template.js';
import { matchesPattern } from '../platform/units/index.js';

export interface ComposableTemplate {
  readonly name: string;
  readonly index_patterns: readonly string[];
  readonly priority?: number;
  readonly version?: number;
  readonly composed_of?: readonly string[];
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly ignore_missing_component_templates?: readonly string[];
  readonly allow_auto_create?: boolean;
  readonly deprecated?: boolean;
  /** Present when writes to a matching name create a data stream rather than an index. */
  readonly data_stream?: DataStreamTemplate;
  readonly template?: TemplateBody;
}

export interface DataStreamTemplate {
  readonly hidden: boolean;
  readonly allow_custom_routing: boolean;
}

/** The highest-priority template whose patterns match `index` (ES applies exactly one). */
export function findTemplate(templates: Iterable<ComposableTemplate>, index: string): ComposableTemplate | undefined {
  let best: ComposableTemplate | undefined;
  for (const template of templates) {
    if (!template.index_patterns.some((p) => matchesPattern(p, index))) continue;
    if (!best || (template.priority ?? 0) > (best.priority ?? 0)) best = template;
  }
  return best;
}
