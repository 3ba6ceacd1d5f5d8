/** @module The token an analyzer emits, shaped as ES's `_analyze` API reports it (offsets in UTF-16 units, as Java counts). */

export type Token = { term: string; position: number; startOffset: number; endOffset: number; type: string };

/** A tokenizer's output before filters: positions come later, once filters have dropped what they drop. */
export type RawToken = { term: string; startOffset: number; endOffset: number; type: string };

/** Lucene's tokenizers cut a token at 255 chars and carry on with the rest (StandardAnalyzer.DEFAULT_MAX_TOKEN_LENGTH). */
export const MAX_TOKEN_LENGTH = 255;
