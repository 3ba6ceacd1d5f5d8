import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, isBuiltInAnalyzer } from '../../../../src/cluster/search/analysis/analyze.js';

const terms = (analyzer: string, text: string) => analyze(analyzer, text).map((t) => t.term);
const DOCS_TEXT = "The 2 QUICK Brown-Foxes jumped over the lazy dog's bone.";

test('standard: the ES docs example, with types and UTF-16 offsets', () => {
  assert.deepEqual(terms('standard', DOCS_TEXT), ['the', '2', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', "dog's", 'bone']);
  const tokens = analyze('standard', DOCS_TEXT);
  assert.deepEqual(tokens[1], { term: '2', position: 1, startOffset: 4, endOffset: 5, type: '<NUM>' });
  assert.deepEqual(tokens[10], { term: 'bone', position: 10, startOffset: 51, endOffset: 55, type: '<ALPHANUM>' });
  assert.deepEqual(analyze('default', DOCS_TEXT), tokens);
});

test('whitespace, simple, stop and keyword: the ES docs example', () => {
  assert.deepEqual(terms('whitespace', DOCS_TEXT), ['The', '2', 'QUICK', 'Brown-Foxes', 'jumped', 'over', 'the', 'lazy', "dog's", 'bone.']);
  assert.deepEqual(terms('simple', DOCS_TEXT), ['the', 'quick', 'brown', 'foxes', 'jumped', 'over', 'the', 'lazy', 'dog', 's', 'bone']);
  const stop = analyze('stop', DOCS_TEXT);
  assert.deepEqual(stop.map((t) => t.term), ['quick', 'brown', 'foxes', 'jumped', 'over', 'lazy', 'dog', 's', 'bone']);
  // Removed stop words keep their positions, as StopFilter leaves gaps.
  assert.deepEqual(stop.map((t) => t.position), [1, 2, 3, 4, 5, 7, 8, 9, 10]);
  assert.deepEqual(analyze('keyword', DOCS_TEXT), [{ term: DOCS_TEXT, position: 0, startOffset: 0, endOffset: 56, type: 'word' }]);
  assert.equal(analyze('whitespace', 'a b')[1]!.type, 'word');
});

test('standard: numbers, emails, URLs, apostrophes and underscores as UAX#29 splits them', () => {
  assert.deepEqual(
    analyze('standard', '3.14 1,000 1_000 a1').map((t) => [t.term, t.type]),
    [['3.14', '<NUM>'], ['1,000', '<NUM>'], ['1_000', '<NUM>'], ['a1', '<ALPHANUM>']],
  );
  assert.deepEqual(terms('standard', 'john@example.com'), ['john', 'example.com']);
  assert.deepEqual(terms('standard', 'https://www.elastic.co/guide?q=a'), ['https', 'www.elastic.co', 'guide', 'q', 'a']);
  assert.deepEqual(terms('standard', "'quoted' dogs' O'Neil foo_bar _"), ['quoted', 'dogs', "o'neil", 'foo_bar']);
});

test('standard: one token per ideograph and hiragana, one per katakana, Hangul and Thai run', () => {
  assert.deepEqual(
    analyze('standard', '我是中国人').map((t) => [t.term, t.position, t.startOffset, t.endOffset, t.type]),
    [['我', 0, 0, 1, '<IDEOGRAPHIC>'], ['是', 1, 1, 2, '<IDEOGRAPHIC>'], ['中', 2, 2, 3, '<IDEOGRAPHIC>'], ['国', 3, 3, 4, '<IDEOGRAPHIC>'], ['人', 4, 4, 5, '<IDEOGRAPHIC>']],
  );
  assert.deepEqual(
    analyze('standard', '日本語テキストです 한국어 ภาษาไทย').map((t) => [t.term, t.type]),
    [
      ['日', '<IDEOGRAPHIC>'], ['本', '<IDEOGRAPHIC>'], ['語', '<IDEOGRAPHIC>'], ['テキスト', '<KATAKANA>'], ['で', '<HIRAGANA>'], ['す', '<HIRAGANA>'],
      ['한국어', '<HANGUL>'], ['ภาษาไทย', '<SOUTHEAST_ASIAN>'],
    ],
  );
});

test('standard: emoji sequences are single <EMOJI> tokens, offsets in UTF-16 units', () => {
  assert.deepEqual(
    analyze('standard', 'I ❤️ 🍕 👍🏽 👨‍👩‍👧 🇫🇷 1️⃣ ©').map((t) => [t.term, t.startOffset, t.endOffset, t.type]),
    [['i', 0, 1, '<ALPHANUM>'], ['❤️', 2, 4, '<EMOJI>'], ['🍕', 5, 7, '<EMOJI>'], ['👍🏽', 8, 12, '<EMOJI>'], ['👨‍👩‍👧', 13, 21, '<EMOJI>'], ['🇫🇷', 22, 26, '<EMOJI>'], ['1️⃣', 27, 30, '<EMOJI>'], ['©', 31, 32, '<EMOJI>']],
  );
});

test('lowercasing is per code point, as Java Character.toLowerCase', () => {
  assert.deepEqual(terms('standard', 'ΟΔΟΣ İSTANBUL'), ['οδοσ', 'istanbul']);
  assert.deepEqual(terms('simple', 'ΟΔΟΣ'), ['οδοσ']);
});

test('tokens longer than 255 chars are cut at 255 and the rest is a further token', () => {
  const long = 'x'.repeat(300);
  for (const analyzer of ['standard', 'simple', 'whitespace']) {
    assert.deepEqual(
      analyze(analyzer, `${long} y`).map((t) => [t.term.length, t.position, t.startOffset, t.endOffset]),
      [[255, 0, 0, 255], [45, 1, 255, 300], [1, 2, 301, 302]],
      analyzer,
    );
  }
  assert.equal(analyze('keyword', long)[0]!.term, long);
});

test('whitespace splits on Java whitespace only: no-break spaces stay inside tokens', () => {
  assert.deepEqual(terms('whitespace', 'a\u00A0b\tc\u2003d\ne'), ['a\u00A0b', 'c', 'd', 'e']);
  assert.deepEqual(terms('whitespace', ''), []);
});

test('unknown analyzers are a plain Error; built-in names are known', () => {
  assert.throws(() => analyze('english', 'x'), (error: unknown) => error instanceof Error && error.constructor === Error);
  assert.equal(isBuiltInAnalyzer('stop'), true);
  assert.equal(isBuiltInAnalyzer('toString'), false);
});
