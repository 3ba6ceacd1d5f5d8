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

/** Rows: how many a grid holds, how large one row's cells are together, how many cells one call changes. */
export const MAX_ROWS_PER_GRID = 100_000;
export const MAX_CELL_BYTES = 64 * 1024;
export const MAX_ROW_BYTES = 1024 * 1024;
export const MAX_CELLS_PER_CALL = 1_000;
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1_000;
export const MAX_FILTERS = 32;
export const MAX_SORTS = 8;
export const ROW_ID_LENGTH = 10;
/** AppFlowy's DEFAULT_ROW_HEIGHT. */
export const ROW_HEIGHT = 42;
