/** @module The compile context of one index (its fields and `index.query.default_field`), as the search service builds it. */
import type { IndexMetadata } from '../../index-metadata.js';
import type { RootMapping } from '../../mappings/mapping-model.js';
import { indexFields, scopedFields } from '../index-fields.js';
import type { CompileContext } from './compile-context.js';

/** `index.query.default_field`: a list setting, given as JSON or comma-separated text. */
function settingList(value: string | undefined): readonly string[] {
  if (value === undefined) return ['*'];
  if (value.startsWith('[')) {
    try {
      return JSON.parse(value) as string[];
    } catch {
      return [value];
    }
  }
  return value.split(',').map((v) => v.trim());
}

export function indexContext(metadata: IndexMetadata, now: number): CompileContext {
  return {
    // A root query sees the fields outside nested objects; a nested query narrows to its own (compile-query.ts).
    fields: scopedFields(indexFields(metadata.mappings as RootMapping), undefined),
    allFields: indexFields(metadata.mappings as RootMapping),
    index: { name: metadata.name, uuid: metadata.uuid },
    now,
    defaultFields: settingList(metadata.settings['index.query.default_field']),
  };
}
