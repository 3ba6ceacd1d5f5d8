/** simple_query_string's syntax: pieces per flag, never an error, and SimpleQueryParser's tree building. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSimpleTree, parseSimpleQuery, type SimpleLeaf, type SimpleTree } from '../../../../src/cluster/search/query-string/simple-syntax.js';

const ALL = ['AND', 'NOT', 'OR', 'PREFIX', 'PHRASE', 'PRECEDENCE', 'ESCAPE', 'WHITESPACE', 'FUZZY', 'NEAR', 'SLOP'];

/** The tree as text: leaves by their text (`*` prefix, `~n` fuzzy, quotes for phrases), `null` for stop words. */
function show(text: string, operator: 'must' | 'should' = 'should', flags = ALL): string {
  const leaf = (node: SimpleLeaf): string | null =>
    node.text === 'the' ? null : node.kind === 'prefix' ? `${node.text}*` : node.kind === 'fuzzy' ? `${node.text}~${node.edits}` : node.kind === 'phrase' ? `"${node.text}"~${node.slop}` : node.text;
  const render = (t: SimpleTree<string>): string => (t.kind === 'leaf' ? t.query : `(${t.clauses.map((c) => ({ must: '+', should: '', must_not: '-' })[c.occur] + render(c.query)).join(' ')})`);
  const tree = buildSimpleTree(parseSimpleQuery(text, flags), operator, leaf, 'ALL');
  return tree === null ? 'null' : render(tree);
}

describe('simple_query_string syntax', () => {
  it('joins pieces by the default operator and nests on an operator change', () => {
    assert.equal(show('a b c'), '(a b c)');
    assert.equal(show('a b c', 'must'), '(+a +b +c)');
    assert.equal(show('a +b | c'), '((+a +b) c)');
    assert.equal(show('a | b +c'), '(+(a b) +c)');
  });
  it('negates with a match-all beside, as Lucene does', () => {
    assert.equal(show('a -b'), '(a (-b ALL))');
    assert.equal(show('--b'), 'b');
  });
  it('reads phrases, prefixes, fuzziness and groups', () => {
    assert.equal(show('"fried eggs" +(eggplant | potato) -frittata'), '((+"fried eggs"~0 +(eggplant potato)) (-frittata ALL))');
    assert.equal(show('"a b"~3 qu* roam~1 roam~ x~0'), '("a b"~3 qu* roam~1 roam~2 x)');
  });
  it('reads unbalanced quotes and parentheses as text, and escapes', () => {
    // The unmatched `"` or `(` is dropped and what follows read on.
    assert.equal(show('"payment'), 'payment');
    assert.equal(show('(a b'), '(a b)');
    assert.equal(show('a\\+b'), 'a+b');
    assert.equal(show('a\\*'), 'a*');
  });
  it('reads operators literally when their flag is off', () => {
    assert.equal(show('a -b', 'should', ['OR']), 'a -b');
    assert.equal(show('a b*', 'should', ['WHITESPACE']), '(a b*)');
    assert.equal(show('a|b', 'should', ['WHITESPACE', 'AND']), 'a|b');
  });
  it('skips pieces that analyse to nothing, keeping the pending operator', () => {
    assert.equal(show('the'), 'null');
    assert.equal(show('a +the b'), '(+a +b)');
    assert.equal(show('the | a'), 'a');
  });
});
