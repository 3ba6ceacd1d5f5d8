/** @module ES's built-in analyzers by name, as `_analyze` and indexing run them. */
import { letterTokens, whitespaceTokens } from './char-tokenizers.js';
import { standardTokens } from './standard-tokenizer.js';
import { ENGLISH_STOP_WORDS, javaLowerCase, positioned } from './token-filters.js';
import type { RawToken, Token } from './token.js';

export type { Token } from './token.js';

const lowercased = (tokens: RawToken[]): RawToken[] => tokens.map((t) => ({ ...t, term: javaLowerCase(t.term) }));

const ANALYZERS: Readonly<Record<string, (text: string) => Token[]>> = {
  standard: (text) => positioned(lowercased(standardTokens(text))),
  simple: (text) => positioned(lowercased(letterTokens(text))),
  whitespace: (text) => positioned(whitespaceTokens(text)),
  // KeywordTokenizer emits its one token even for empty input.
  keyword: (text) => [{ term: text, position: 0, startOffset: 0, endOffset: text.length, type: 'word' }],
  stop: (text) => positioned(lowercased(letterTokens(text)), (term) => !ENGLISH_STOP_WORDS.has(term)),
};
const BUILT_IN: Readonly<Record<string, (text: string) => Token[]>> = { ...ANALYZERS, default: ANALYZERS.standard! };

/** Whether `name` is a built-in analyzer this module runs. */
export function isBuiltInAnalyzer(name: string): boolean {
  return Object.hasOwn(BUILT_IN, name);
}

/** The tokens of `text` under the built-in analyzer `analyzer`; a plain Error for a name it does not know. */
export function analyze(analyzer: string, text: string): Token[] {
  if (!isBuiltInAnalyzer(analyzer)) throw new Error(`unknown analyzer [${analyzer}]`);
  return BUILT_IN[analyzer]!(text);
}
