/** @module The token filters of ES's built-in analyzers: lowercase and English stop words. */
import type { RawToken, Token } from './token.js';

/**
 * LowerCaseFilter lowercases code point by code point (Character.toLowerCase): no final-sigma rule, and İ becomes a
 * plain i, where String.prototype.toLowerCase would apply the context-sensitive and multi-char mappings.
 */
export function javaLowerCase(term: string): string {
  let out = '';
  for (const ch of term) out += ch === '\u0130' ? 'i' : ch.toLowerCase();
  return out;
}

/** Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, ES's `_english_`. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of',
  'on', 'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
]);

/**
 * Positions, one step per token the tokenizer emitted: a removed stop word still takes its step, as StopFilter
 * (a FilteringTokenFilter) adds it to the next token's position increment.
 */
export function positioned(tokens: readonly RawToken[], keep: (term: string) => boolean = () => true): Token[] {
  const out: Token[] = [];
  tokens.forEach((token, position) => {
    if (keep(token.term)) out.push({ term: token.term, position, startOffset: token.startOffset, endOffset: token.endOffset, type: token.type });
  });
  return out;
}
