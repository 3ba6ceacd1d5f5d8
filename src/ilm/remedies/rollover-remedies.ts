/** @module Remedies for rollover's alias and naming rules (the spec's rows 2 to 6). */
import type { IndexMetadata } from '../../cluster/index.js';
import { RETRY, text, type Remedy } from './remedy.js';

/** An alias the index is written through: its explicit write index alias, else its only alias. */
function writeAliasOf(index: IndexMetadata | undefined): string | undefined {
  if (!index) return undefined;
  const aliases = Object.entries(index.aliases);
  return aliases.find(([, meta]) => meta.is_write_index === true)?.[0] ?? (aliases.length === 1 ? aliases[0]![0] : undefined);
}

export const aliasInTemplate: Remedy = {
  row: 2,
  lint: ({ alias, template }) =>
    `Remove alias [${alias}] from the aliases of index template [${template}], keeping index.lifecycle.rollover_alias in its settings: set the alias only on the first index, as its write index, and rollover moves it from then on.`,
  advice: ({ alias, template }) => ({
    row: 2,
    cause: `The rollover alias [${alias}] is also listed in the aliases of index template [${template}], so every new index would get it.`,
    remedy: `Remove [${alias}] from the aliases section of index template [${template}]. Set the alias only once, through index.lifecycle.rollover_alias when you create the first index; rollover then maintains it. ${RETRY}`,
    retry: 'retry',
  }),
};

export const aliasNotPointing: Remedy = {
  row: 3,
  lint: ({ alias, index }, ctx) => {
    const has = Object.keys(ctx.index?.aliases ?? {});
    const listed = has.length > 0 ? ` (it has [${has.join(', ')}])` : ' (it has none)';
    return `Add alias [${alias}] to index [${index}] as its write index (POST /_aliases with "is_write_index": true), or set index.lifecycle.rollover_alias to the alias the index is written through${listed}.`;
  },
  advice: ({ alias, index }) => ({
    row: 3,
    cause: `The index names [${alias}] as its rollover alias, but that alias does not exist or does not point to [${index}].`,
    remedy: `Check the index setting index.lifecycle.rollover_alias of [${index}] and list the aliases (_cat/aliases). Either add alias [${alias}] to [${index}] as its write index, or correct the setting to the alias the index really has. ${RETRY}`,
    retry: 'retry',
  }),
};

export const aliasUnset: Remedy = {
  row: 4,
  lint: ({ index }, ctx) => {
    const alias = writeAliasOf(ctx.index);
    return `Set index.lifecycle.rollover_alias for index [${index}], in its settings or in the index template that creates it, to the alias it is written through${alias ? ` ([${alias}])` : ''}.`;
  },
  advice: ({ index }) => ({
    row: 4,
    cause: `Index [${index}] has no index.lifecycle.rollover_alias setting, so rollover does not know which alias to roll over.`,
    remedy: `Set index.lifecycle.rollover_alias on [${index}] to the alias the index is written through (its write alias). ${RETRY}`,
    retry: 'retry',
  }),
};

export const multipleWriteIndices: Remedy = {
  row: 5,
  lint: ({ alias }, ctx) => {
    const name = text(alias);
    const template = [...ctx.state.templates.values()].find((t) => t.template?.aliases?.[name]?.is_write_index === true);
    const fromTemplate = template ? `, and drop is_write_index from [${name}] in index template [${template.name}], which makes every index it creates a write index of it` : '';
    return `Leave alias [${name}] one write index: set is_write_index to false on all the others with POST /_aliases${fromTemplate}.`;
  },
  advice: ({ alias, indices }) => ({
    row: 5,
    cause: `Alias [${alias}] would have more than one write index: [${indices}].`,
    remedy: `Use the aliases API to set is_write_index to false for alias [${alias}] on all indices but one (and in any index template that adds it as a write alias). ${RETRY}`,
    retry: 'retry',
  }),
};

export const nameWithoutSuffix: Remedy = {
  row: 6,
  lint: ({ index }) =>
    `Rollover names the next index by incrementing a numeric suffix, so name the index like [${index}-000001]. An existing index cannot be renamed: let such an index take over the write alias, and set index.lifecycle.indexing_complete: true on this one.`,
  advice: ({ index: name }, { index }) => ({
    row: 6,
    cause: `Rollover names the next index by counting up a numeric suffix, and [${name}] has none.`,
    remedy: `An index cannot be renamed: create an index whose name ends in a hyphen and digits (such as ${name}-000001), move the write alias to it, and set index.lifecycle.indexing_complete: true on [${index}] so it finishes without a rollover. ${RETRY}`,
    retry: 'retry',
  }),
};

export const notWriteIndex: Remedy = {
  row: null,
  lint: ({ index, alias }) =>
    `Make [${index}] the write index of alias [${alias}] (POST /_aliases with "is_write_index": true), or set index.lifecycle.rollover_alias to the alias it is written through.`,
};

export const targetWithoutWriteIndex: Remedy = {
  row: null,
  lint: ({ alias }) => `Mark one index of alias [${alias}] as its write index (POST /_aliases with "is_write_index": true).`,
};
