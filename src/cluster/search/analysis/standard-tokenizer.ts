/**
 * @module Lucene's StandardTokenizer (UAX#29 word boundaries, as its JFlex grammar types them). Intl.Segmenter finds
 * the boundaries; what ICU does differently from Lucene's grammar is undone here: ICU groups Chinese and Japanese
 * into dictionary words and splits Thai, Lao, Khmer and Myanmar into words, whereas Lucene emits one token per
 * ideograph or hiragana, one per katakana run and one per South-East-Asian run. Those scripts are therefore cut
 * out of the text before ICU sees it (UAX#29 breaks around them anyway) and tokenized by Lucene's rules here.
 */
import { MAX_TOKEN_LENGTH, type RawToken } from './token.js';

/** Marks, format characters and ZWJ stay with the character before them (UAX#29 WB4). */
const EXTEND = /[\p{M}\p{Cf}]/u;
const HAN = /\p{Script=Han}/u;
const HIRAGANA = /\p{Script=Hiragana}/u;
/** Word_Break=Katakana: the script, plus the prolonged sound mark and kana marks the script property calls Common. */
const KATAKANA = /[\p{Script=Katakana}\u3031-\u3035\u309B\u309C\u30A0\u30FC\uFF70]/u;
/** Line_Break=Complex_Context: letters and marks of the scripts ICU breaks by dictionary (their digits are not SA). */
const SOUTHEAST_ASIAN = /(?=[\p{L}\p{M}])[\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\p{Script=Khmer}\p{Script=Tai_Le}\p{Script=New_Tai_Lue}\p{Script=Tai_Tham}\p{Script=Tai_Viet}\p{Script=Ahom}]/u;

type Special = 'han' | 'hiragana' | 'katakana' | 'sa';

function special(ch: string): Special | undefined {
  if (HAN.test(ch)) return 'han';
  if (HIRAGANA.test(ch)) return 'hiragana';
  if (KATAKANA.test(ch)) return 'katakana';
  if (SOUTHEAST_ASIAN.test(ch)) return 'sa';
  return undefined;
}

const SPECIAL_TYPE: Readonly<Record<Special, string>> = { han: '<IDEOGRAPHIC>', hiragana: '<HIRAGANA>', katakana: '<KATAKANA>', sa: '<SOUTHEAST_ASIAN>' };

/**
 * Lucene's EmojiChar: Extended_Pictographic, or Emoji that is not a regional indicator, keycap base, modifier or one
 * of ©®™〰〽 (those are Extended_Pictographic anyway, bar the keycap bases).
 */
const EMOJI_START = /^(?:\u200D*)(?:\p{Extended_Pictographic}|(?![0-9#*\p{Regional_Indicator}])\p{Emoji})/u;
const KEYCAP = /^[0-9#*][\p{M}\p{Cf}]*?\uFE0F?\u20E3/u;
const FLAG = /^\p{Regional_Indicator}\p{Regional_Indicator}$/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;
const NOT_HANGUL_LETTER = /(?!\p{Script=Hangul})\p{L}/u;

/** The type Lucene's grammar gives an ICU segment, or undefined when Lucene's grammar would skip it. */
function segmentType(segment: string, isWordLike: boolean): string | undefined {
  if (KEYCAP.test(segment) || FLAG.test(segment)) return '<EMOJI>';
  if (!isWordLike) return EMOJI_START.test(segment) ? '<EMOJI>' : undefined;
  // The grammar's longest match ties go to the earlier rule: numbers, then Hangul runs, then words.
  if (!LETTER.test(segment)) return DIGIT.test(segment) ? '<NUM>' : undefined;
  return NOT_HANGUL_LETTER.test(segment) ? '<ALPHANUM>' : '<HANGUL>';
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });

/** Text segmented at a time: a window longer than any token, so a segment that fills it is one to cut. */
const WINDOW = 4 * MAX_TOKEN_LENGTH;

/**
 * The tokens of `text` from `start` to `end`. Lucene's scanner has a 255-char buffer: a longer token is cut there and
 * scanning resumes after the cut. The text is segmented a window at a time, so a long run costs time in proportion
 * to its length (segmenting all that remains after each cut would be quadratic, and hold a copy per cut).
 */
function segmentRange(tokens: RawToken[], text: string, start: number, end: number): void {
  let position = start;
  while (position < end) {
    const windowEnd = Math.min(end, position + WINDOW);
    let next = windowEnd;
    for (const { segment, index, isWordLike } of SEGMENTER.segment(text.slice(position, windowEnd))) {
      const from = position + index;
      const to = from + segment.length;
      const type = segmentType(segment, isWordLike === true);
      if (to - from > MAX_TOKEN_LENGTH && type !== undefined) {
        const cut = from + MAX_TOKEN_LENGTH;
        tokens.push({ term: text.slice(from, cut), startOffset: from, endOffset: cut, type });
        next = cut;
        break;
      }
      // A segment reaching the window's end may go on past it: it is read again from its start.
      if (to === windowEnd && windowEnd < end && from > position) {
        next = from;
        break;
      }
      if (type !== undefined) tokens.push({ term: segment, startOffset: from, endOffset: to, type });
    }
    position = next;
  }
}

/** A token of a Han, kana or South-East-Asian run, cut as the scanner cuts any token longer than its buffer. */
function pushCut(tokens: RawToken[], text: string, start: number, end: number, type: string): void {
  for (let from = start; from < end; from += MAX_TOKEN_LENGTH) {
    const to = Math.min(end, from + MAX_TOKEN_LENGTH);
    tokens.push({ term: text.slice(from, to), startOffset: from, endOffset: to, type });
  }
}

/** Tokens of a run of Han, kana and South-East-Asian characters, from `start` up to the first other character. */
function specialRun(tokens: RawToken[], text: string, start: number): number {
  let i = start;
  while (i < text.length) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    const kind = special(ch);
    if (kind === undefined) break;
    let end = i + ch.length;
    const joins = kind === 'katakana' || kind === 'sa';
    for (;;) {
      const next = end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : '';
      if (next === '') break;
      if (EXTEND.test(next) || (joins && special(next) === kind)) end += next.length;
      else break;
    }
    pushCut(tokens, text, i, end, SPECIAL_TYPE[kind]);
    i = end;
  }
  return i;
}

/** StandardTokenizer's tokens of `text`, not yet lowercased. */
export function standardTokens(text: string): RawToken[] {
  const tokens: RawToken[] = [];
  let plainStart = 0;
  let i = 0;
  while (i < text.length) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (special(ch) === undefined) {
      i += ch.length;
      continue;
    }
    segmentRange(tokens, text, plainStart, i);
    i = specialRun(tokens, text, i);
    plainStart = i;
  }
  segmentRange(tokens, text, plainStart, text.length);
  return tokens;
}
