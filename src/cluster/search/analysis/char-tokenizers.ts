/**
 * @module Lucene's CharTokenizer family: a token is a maximal run of characters a predicate accepts, cut every 255
 * UTF-16 units as CharTokenizer's buffer cuts it.
 */
import { MAX_TOKEN_LENGTH, type RawToken } from './token.js';

/**
 * Java's Character.isWhitespace: space separators except the no-break ones (U+00A0, U+2007, U+202F), plus the
 * ASCII controls Java counts. \s would wrongly take the no-break spaces and U+FEFF.
 */
const JAVA_WHITESPACE = /^(?:[\t\n\u000B\f\r\u001C-\u001F]|(?![\u00A0\u2007\u202F])[\p{Zs}\p{Zl}\p{Zp}])$/u;
const LETTER = /^\p{L}$/u;

export const isJavaWhitespace = (ch: string): boolean => JAVA_WHITESPACE.test(ch);
export const isJavaLetter = (ch: string): boolean => LETTER.test(ch);

function charTokens(text: string, accept: (ch: string) => boolean): RawToken[] {
  const tokens: RawToken[] = [];
  let start = -1;
  const flush = (end: number) => {
    if (start >= 0) tokens.push({ term: text.slice(start, end), startOffset: start, endOffset: end, type: 'word' });
    start = -1;
  };
  let i = 0;
  for (const ch of text) {
    if (!accept(ch)) flush(i);
    else if (start < 0) start = i;
    i += ch.length;
    // CharTokenizer checks after appending a whole code point: a surrogate pair at the limit makes a 256-unit token.
    if (start >= 0 && i - start >= MAX_TOKEN_LENGTH) flush(i);
  }
  flush(i);
  return tokens;
}

/** LetterTokenizer (the `simple` and `stop` analyzers): runs of Character.isLetter. */
export const letterTokens = (text: string): RawToken[] => charTokens(text, isJavaLetter);

/** WhitespaceTokenizer: runs of anything but Character.isWhitespace. */
export const whitespaceTokens = (text: string): RawToken[] => charTokens(text, (ch) => !isJavaWhitespace(ch));
