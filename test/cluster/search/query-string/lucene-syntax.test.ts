/** Lucene's classic query syntax: the clause modifiers addClause gives, the tokens it reads, and its error messages. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LuceneSyntaxError, parseLuceneQuery, type LuceneQuery } from '../../../../src/cluster/search/query-string/lucene-syntax.js';

const parse = (text: string, operator: 'or' | 'and' = 'or') => parseLuceneQuery(text, operator);
const text = (t: string, field?: string): LuceneQuery => ({ kind: 'text', text: t, ...(field !== undefined && { field }) });
/** The clauses of a bool as `+a`, `a`, `-a` (text leaves only). */
function shape(query: LuceneQuery): string {
  if (query.kind !== 'bool') return query.kind === 'text' ? query.text : query.kind;
  return query.clauses.map((c) => ({ must: '+', should: '', must_not: '-' })[c.occur] + shape(c.query)).join(' ');
}
function error(text: string): { message: string; type: string } {
  try {
    parse(text);
  } catch (e) {
    assert.ok(e instanceof LuceneSyntaxError);
    return { message: e.message, type: e.javaType };
  }
  throw new Error(`expected [${text}] to fail`);
}

const CLAUSE_START = ['<NOT> ...', '"+" ...', '"-" ...', '<BAREOPER> ...', '"(" ...', '"*" ...', '<QUOTED> ...', '<TERM> ...', '<PREFIXTERM> ...', '<WILDTERM> ...', '<REGEXPTERM> ...', '"[" ...', '"{" ...', '<NUMBER> ...', '<TERM> ...', '"*" ...'];
const expecting = (lines: string[]) => `\nWas expecting one of:\n${lines.map((l) => `    ${l}\n`).join('')}    `;

describe('Lucene classic syntax: clauses', () => {
  it('mirrors addClause, with no precedence between AND and OR', () => {
    assert.equal(shape(parse('a AND b OR c')), '+a +b c');
    assert.equal(shape(parse('a OR b AND c')), 'a +b +c');
    assert.equal(shape(parse('a AND NOT b')), '+a -b');
    assert.equal(shape(parse('-a AND b')), '-a +b');
    assert.equal(shape(parse('a && b || !c')), '+a +b -c');
    assert.equal(shape(parse('+a -b c')), '+a -b c');
  });
  it('with default_operator AND makes unmodified clauses required and OR relaxes its neighbours', () => {
    assert.equal(shape(parse('a OR b', 'and')), 'a b');
    assert.equal(shape(parse('a b:x', 'and')), '+a +x');
    assert.equal(shape(parse('-a OR b', 'and')), '-a b');
    assert.equal(shape(parse('a AND b OR c', 'and')), '+a b c');
  });
  it('reads words in a row as one text, up to a field, fuzzy, boost or operator', () => {
    assert.deepEqual(parse('new york city'), text('new york city'));
    assert.equal(shape(parse('a b AND c')), 'a +b +c');
    assert.equal(shape(parse('a b c:d')), 'a b d');
    assert.deepEqual(parse('title:(quick brown)'), text('quick brown', 'title'));
  });
  it('returns a lone unmodified clause itself, and a negated one inside a bool', () => {
    assert.deepEqual(parse('(a)'), text('a'));
    assert.deepEqual(parse('-a'), { kind: 'bool', clauses: [{ occur: 'must_not', query: text('a') }] });
    assert.deepEqual(parse('(a b)^2'), { ...text('a b'), boost: 2 });
  });
});

describe('Lucene classic syntax: terms', () => {
  it('reads fields, escapes, patterns and _exists_', () => {
    assert.deepEqual(parse('msg:hello'), text('hello', 'msg'));
    assert.deepEqual(parse('a\\:b'), text('a:b'));
    assert.deepEqual(parse('city.\\*:paris'), text('paris', 'city.*'));
    assert.deepEqual(parse('*:x'), text('x', '*'));
    assert.deepEqual(parse('_exists_:tags'), text('tags', '_exists_'));
    assert.deepEqual(parse('foo\\u0041'), text('fooA'));
    assert.deepEqual(parse('ANDROID'), text('ANDROID'));
    assert.deepEqual(parse('&&x'), text('&&x'));
  });
  it('reads phrases with slop and boosts in either order', () => {
    assert.deepEqual(parse('"a b"'), { kind: 'phrase', text: 'a b' });
    assert.deepEqual(parse('"a b"~2^3'), { kind: 'phrase', text: 'a b', slop: 2, boost: 3 });
    assert.deepEqual(parse('f:"a \\"b\\""^1.5~1'), { kind: 'phrase', text: 'a "b"', field: 'f', slop: 1, boost: 1.5 });
  });
  it('reads prefixes, wildcards, regular expressions and fuzzy terms', () => {
    assert.deepEqual(parse('te*'), { kind: 'prefix', text: 'te' });
    assert.deepEqual(parse('te?t*'), { kind: 'wildcard', pattern: 'te?t*' });
    assert.deepEqual(parse('*'), { kind: 'wildcard', pattern: '*' });
    assert.deepEqual(parse('*:*'), { kind: 'wildcard', pattern: '*', field: '*' });
    assert.deepEqual(parse('*ing'), { kind: 'wildcard', pattern: '*ing' });
    assert.deepEqual(parse('/a\\/b.*/'), { kind: 'regexp', pattern: 'a\\/b.*' });
    assert.deepEqual(parse('roam~'), { kind: 'fuzzy', text: 'roam', distance: '' });
    assert.deepEqual(parse('roam~1^2'), { kind: 'fuzzy', text: 'roam', distance: '1', boost: 2 });
  });
  it('reads inclusive, exclusive, mixed and open ranges', () => {
    assert.deepEqual(parse('n:[1 TO 5]'), { kind: 'range', field: 'n', from: '1', to: '5', includeFrom: true, includeTo: true });
    assert.deepEqual(parse('n:{1 TO 5}'), { kind: 'range', field: 'n', from: '1', to: '5', includeFrom: false, includeTo: false });
    assert.deepEqual(parse('n:[1 TO *}^2'), { kind: 'range', field: 'n', from: '1', to: null, includeFrom: true, includeTo: false, boost: 2 });
    assert.deepEqual(parse('d:["2020-01-01 10:00" TO *]'), { kind: 'range', field: 'd', from: '2020-01-01 10:00', to: null, includeFrom: true, includeTo: true });
    // One-sided comparisons are terms here; the compiler reads them as ranges once it knows the field.
    assert.deepEqual(parse('age:>=5'), text('>=5', 'age'));
  });
});

describe('Lucene classic syntax: errors', () => {
  it('words an unexpected end as JavaCC does', () => {
    assert.deepEqual(error('foo AND'), { type: 'parse_exception', message: `Encountered "<EOF>" at line 1, column 7.${expecting(CLAUSE_START)}` });
    assert.deepEqual(error('AND'), { type: 'parse_exception', message: `Encountered " <AND> "AND "" at line 1, column 0.${expecting(CLAUSE_START)}` });
    assert.deepEqual(error('x^'), { type: 'parse_exception', message: 'Encountered "<EOF>" at line 1, column 2.\nWas expecting:\n    <NUMBER> ...\n    ' });
  });
  it('words unbalanced parentheses', () => {
    const after = ['<AND> ...', '<OR> ...', '<NOT> ...', '"+" ...', '"-" ...', '<BAREOPER> ...', '"(" ...'];
    const rest = ['"*" ...', '"^" ...', '<QUOTED> ...', '<TERM> ...', '<FUZZY_SLOP> ...', '<PREFIXTERM> ...', '<WILDTERM> ...', '<REGEXPTERM> ...', '"[" ...', '"{" ...', '<NUMBER> ...'];
    assert.equal(error('(foo').message, `Encountered "<EOF>" at line 1, column 4.${expecting([...after, '")" ...', ...rest])}`);
    assert.equal(error('foo)').message, `Encountered " ")" ") "" at line 1, column 3.${expecting(['<EOF> ', ...after, ...rest])}`);
  });
  it('reports an unclosed quote as a lexical error', () => {
    assert.deepEqual(error('"foo'), { type: 'token_mgr_error', message: 'Lexical error at line 1, column 4.  Encountered: <EOF> after prefix "\\"foo" (in lexical state 2)' });
  });
  it('refuses a truncated unicode escape', () => {
    assert.equal(error('a\\u12').message, 'Truncated unicode escape sequence.');
  });
});
