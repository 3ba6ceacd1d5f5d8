/** @module The grid's validation limits (design.md, "Validation"). */

export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const MAX_NAME_LENGTH = 256;
export const MAX_DESC_LENGTH = 20_000;
export const MIN_WIDTH = 10;
export const MAX_WIDTH = 10_000;
export const MAX_FIELDS_PER_GRID = 1_024;
export const MAX_TYPE_OPTION_BYTES = 1024 * 1024;
/** All of a grid's fields, as encoded `Field` messages, plus every type option they keep. */
export const MAX_GRID_BYTES = 8 * 1024 * 1024;

/** Id lengths AppFlowy used with nanoid. */
export const GRID_ID_LENGTH = 10;
export const FIELD_ID_LENGTH = 6;
export const SELECT_OPTION_ID_LENGTH = 4;
