/**
 * @module Lucene's classic query syntax as ES's query_string reads it (QueryParser.jj's productions, QueryParserBase's
 * handlers), to a small tree that the compiler turns into queries per field. There is no operator precedence: each
 * clause gets MUST, SHOULD or MUST_NOT from `addClause`, whose quirks (`a AND b OR c` makes `a` and `b` required and
 * `c` optional; with default_operator AND, `a OR b` makes both optional) are kept exactly. Errors carry Lucene's words.
 */
import { addEscapes, imageOf, KINDS, LuceneLexer, LuceneSyntaxError, type Kind, type Token } from './lucene-lexer.js';

export { LuceneSyntaxError } from './lucene-lexer.js';

export type Occur = 'must' | 'should' | 'must_not';

/** A leaf names its field only when the text did (`field:`, or a group's `field:(…)`); otherwise the defaults apply. */
interface Leaf {
  readonly field?: string;
  readonly boost?: number;
}

export type LuceneQuery =
  | { readonly kind: 'bool'; readonly clauses: readonly LuceneClause[]; readonly boost?: number }
  /** Unquoted text (several whitespace-separated words when they came as one run), analysed per field. */
  | (Leaf & { readonly kind: 'text'; readonly text: string })
  | (Leaf & { readonly kind: 'phrase'; readonly text: string; readonly slop?: number })
  | (Leaf & { readonly kind: 'prefix'; readonly text: string })
  /** The pattern as written: escapes kept, as getWildcardQuery receives it. */
  | (Leaf & { readonly kind: 'wildcard'; readonly pattern: string })
  | (Leaf & { readonly kind: 'regexp'; readonly pattern: string })
  /** `distance` is what followed `~` ('' for a bare `~`: the query's `fuzziness`). */
  | (Leaf & { readonly kind: 'fuzzy'; readonly text: string; readonly distance: string })
  | (Leaf & { readonly kind: 'range'; readonly from: string | null; readonly to: string | null; readonly includeFrom: boolean; readonly includeTo: boolean });

export interface LuceneClause {
  readonly occur: Occur;
  readonly query: LuceneQuery;
}

const CONJ_NONE = 0, CONJ_AND = 1, CONJ_OR = 2;
const MOD_NONE = 0, MOD_NOT = 10, MOD_REQ = 11;

/** Tokens that begin a Term, and a clause (a Term or a group); a query's loop also takes conjunctions and modifiers. */
const TERM_START: readonly Kind[] = ['BAREOPER', 'STAR', 'QUOTED', 'TERM', 'PREFIXTERM', 'WILDTERM', 'REGEXPTERM', 'RANGEIN_START', 'RANGEEX_START', 'NUMBER'];
const CLAUSE_START: readonly Kind[] = [...TERM_START, 'LPAREN'];
const LOOP_START: readonly Kind[] = ['AND', 'OR', 'NOT', 'PLUS', 'MINUS', ...CLAUSE_START];
/** MultiTerm stops before a word that these follow (the word belongs to a field, a fuzzy, a boost or an operator). */
const NOT_AFTER_MULTI_TERM: readonly Kind[] = ['COLON', 'STAR', 'FUZZY_SLOP', 'CARAT', 'AND', 'OR'];
/** JavaCC's buggy jj_add_error_token repeats the Clause's field lookahead (`<TERM> ":"`, `"*" ":"`) as these two. */
const FIELD_LOOKAHEAD: readonly Kind[] = ['TERM', 'STAR'];

const sorted = (kinds: Iterable<Kind>) => [...new Set(kinds)].sort((a, b) => KINDS.indexOf(a) - KINDS.indexOf(b));

/** QueryParserBase.discardEscapeChar: `\x` is x, `\uXXXX` a code unit. */
export function discardEscapes(input: string): string {
  let out = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] !== '\\') {
      out += input[i];
      continue;
    }
    if (i + 1 >= input.length) throw new LuceneSyntaxError('Term can not end with escape character.');
    if (input[i + 1] !== 'u') {
      out += input[++i];
      continue;
    }
    const hex = input.slice(i + 2, i + 6);
    if (hex.length < 4) throw new LuceneSyntaxError('Truncated unicode escape sequence.');
    const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
    if (bad !== undefined) throw new LuceneSyntaxError(`Non-hex character in Unicode escape sequence: ${bad}`);
    out += String.fromCharCode(parseInt(hex, 16));
    i += 5;
  }
  return out;
}

class Parser {
  readonly #lexer: LuceneLexer;
  #index = 0;
  /** The optional tokens the last Term could still have taken (`^`, `~`): "Was expecting" lists them after it. */
  #tail: Kind[] = [];

  constructor(
    text: string,
    readonly operator: 'or' | 'and',
  ) {
    this.#lexer = new LuceneLexer(text);
  }

  #peek(k = 0): Token {
    return this.#lexer.peek(this.#index + k);
  }

  #next(): Token {
    return this.#lexer.peek(this.#index++);
  }

  /** ParseException's message for the next token, with what the grammar would have taken. */
  #fail(expected: readonly Kind[]): never {
    const token = this.#peek();
    const seen = token.kind === 'EOF' ? '<EOF>' : ` ${imageOf(token.kind)} "${addEscapes(token.image)} "`;
    const lines = expected.map((k) => `${imageOf(k)} ${k === 'EOF' ? '' : '...'}\n    `).join('');
    const header = expected.length === 1 ? 'Was expecting:' : 'Was expecting one of:';
    throw new LuceneSyntaxError(`Encountered "${seen}" at line 1, column ${token.column}.\n${header}\n    ${lines}`);
  }

  #expect(kind: Kind, expected: readonly Kind[]): Token {
    if (this.#peek().kind !== kind) this.#fail(expected);
    return this.#next();
  }

  top(): LuceneQuery {
    const query = this.#query(undefined);
    if (this.#peek().kind !== 'EOF') this.#fail(sorted(['EOF', ...LOOP_START, ...this.#tail]));
    return query;
  }

  /** QueryParserBase.addClause, verbatim in effect. */
  #addClause(clauses: LuceneClause[], conj: number, mods: number, query: LuceneQuery): void {
    const last = clauses.at(-1);
    if (last && conj === CONJ_AND && last.occur !== 'must_not') clauses[clauses.length - 1] = { ...last, occur: 'must' };
    if (last && this.operator === 'and' && conj === CONJ_OR && last.occur !== 'must_not') clauses[clauses.length - 1] = { ...last, occur: 'should' };
    const prohibited = mods === MOD_NOT;
    const required = this.operator === 'or' ? mods === MOD_REQ || (conj === CONJ_AND && !prohibited) : !prohibited && conj !== CONJ_OR;
    clauses.push({ occur: prohibited ? 'must_not' : required ? 'must' : 'should', query });
  }

  /** LOOKAHEAD(2) MultiTerm: a word followed by another that no field, fuzzy, boost or operator claims. */
  #multiTermAhead(): boolean {
    return this.#peek().kind === 'TERM' && this.#peek(1).kind === 'TERM' && !NOT_AFTER_MULTI_TERM.includes(this.#peek(2).kind);
  }

  /** Words in a row are analysed as one text (split_on_whitespace false), each word then taking the default operator. */
  #multiTerm(field: string | undefined, clauses: LuceneClause[]): LuceneQuery {
    let text = this.#next().image;
    while (this.#peek().kind === 'TERM' && !NOT_AFTER_MULTI_TERM.includes(this.#peek(1).kind)) text += ` ${this.#next().image}`;
    const query: LuceneQuery = { kind: 'text', text: discardEscapes(text), ...(field !== undefined && { field }) };
    clauses.push({ occur: this.operator === 'and' ? 'must' : 'should', query });
    this.#tail = [];
    return query;
  }

  #modifiers(): number {
    const kind = this.#peek().kind;
    if (kind === 'PLUS') return this.#next(), MOD_REQ;
    if (kind === 'MINUS' || kind === 'NOT') return this.#next(), MOD_NOT;
    return MOD_NONE;
  }

  #query(field: string | undefined): LuceneQuery {
    const clauses: LuceneClause[] = [];
    let first: LuceneQuery | undefined;
    if (this.#multiTermAhead()) first = this.#multiTerm(field, clauses);
    else {
      const mods = this.#modifiers();
      const query = this.#clause(field, mods !== MOD_NONE);
      this.#addClause(clauses, CONJ_NONE, mods, query);
      if (mods === MOD_NONE) first = query;
    }
    for (;;) {
      if (this.#multiTermAhead()) {
        this.#multiTerm(field, clauses);
        continue;
      }
      if (!LOOP_START.includes(this.#peek().kind)) break;
      const kind = this.#peek().kind;
      const conj = kind === 'AND' ? (this.#next(), CONJ_AND) : kind === 'OR' ? (this.#next(), CONJ_OR) : CONJ_NONE;
      const mods = this.#modifiers();
      this.#addClause(clauses, conj, mods, this.#clause(field, mods !== MOD_NONE));
    }
    return clauses.length === 1 && first ? first : { kind: 'bool', clauses };
  }

  #boost(): number | undefined {
    if (this.#peek().kind !== 'CARAT') return undefined;
    this.#next();
    return Number.parseFloat(this.#expect('NUMBER', ['NUMBER']).image);
  }

  #clause(field: string | undefined, modified: boolean): LuceneQuery {
    const [a, b] = [this.#peek(), this.#peek(1)];
    let named = false;
    if ((a.kind === 'TERM' || a.kind === 'STAR') && b.kind === 'COLON') {
      field = a.kind === 'STAR' ? '*' : discardEscapes(a.image);
      this.#index += 2;
      named = true;
    }
    const kind = this.#peek().kind;
    if (TERM_START.includes(kind)) return this.#term(field);
    if (kind !== 'LPAREN') this.#fail(named ? CLAUSE_START.slice().sort((x, y) => KINDS.indexOf(x) - KINDS.indexOf(y)) : [...sorted([...(modified ? [] : (['NOT', 'PLUS', 'MINUS'] as Kind[])), ...CLAUSE_START]), ...FIELD_LOOKAHEAD]);
    this.#next();
    const inner = this.#query(field);
    if (this.#peek().kind !== 'RPAREN') this.#fail(sorted(['RPAREN', ...LOOP_START, ...this.#tail]));
    this.#next();
    const boost = this.#boost();
    this.#tail = boost === undefined ? ['CARAT'] : [];
    return boost === undefined ? inner : { ...inner, boost };
  }

  /** `^boost` and `~slop` after a term or phrase, in either order. */
  #suffixes(): { boost?: number; slop?: string } {
    let boost: number | undefined;
    let slop: string | undefined;
    if (this.#peek().kind === 'CARAT') {
      boost = this.#boost();
      if (this.#peek().kind === 'FUZZY_SLOP') slop = this.#next().image;
    } else if (this.#peek().kind === 'FUZZY_SLOP') {
      slop = this.#next().image;
      boost = this.#boost();
    }
    this.#tail = [...(boost === undefined ? (['CARAT'] as Kind[]) : []), ...(slop === undefined ? (['FUZZY_SLOP'] as Kind[]) : [])];
    return { ...(boost !== undefined && { boost }), ...(slop !== undefined && { slop }) };
  }

  #term(field: string | undefined): LuceneQuery {
    const token = this.#next();
    const named = field !== undefined ? { field } : {};
    if (token.kind === 'RANGEIN_START' || token.kind === 'RANGEEX_START') return this.#range(token, named);
    const { boost, slop } = this.#suffixes();
    const boosted = boost !== undefined ? { boost } : {};
    if (token.kind === 'QUOTED') {
      // handleQuotedTerm: `~n` is a slop when it reads as a number, else the default phrase_slop applies.
      const given = slop === undefined ? NaN : Math.trunc(Number.parseFloat(slop.slice(1)));
      return { kind: 'phrase', text: discardEscapes(token.image.slice(1, -1)), ...named, ...boosted, ...(Number.isNaN(given) ? {} : { slop: given }) };
    }
    const image = token.kind === 'BAREOPER' ? token.image[0]! : token.image;
    if (token.kind === 'STAR' || token.kind === 'WILDTERM') return { kind: 'wildcard', pattern: image, ...named, ...boosted };
    if (token.kind === 'PREFIXTERM') return { kind: 'prefix', text: discardEscapes(image.slice(0, -1)), ...named, ...boosted };
    if (token.kind === 'REGEXPTERM') return { kind: 'regexp', pattern: image.slice(1, -1), ...named, ...boosted };
    const text = discardEscapes(image);
    if (slop !== undefined) return { kind: 'fuzzy', text, distance: slop.slice(1), ...named, ...boosted };
    return { kind: 'text', text, ...named, ...boosted };
  }

  #range(open: Token, named: { field?: string }): LuceneQuery {
    const bound = (): string | null => {
      const token = this.#peek();
      if (token.kind !== 'RANGE_GOOP' && token.kind !== 'RANGE_QUOTED' && token.kind !== 'RANGE_TO') this.#fail(['RANGE_TO', 'RANGE_QUOTED', 'RANGE_GOOP']);
      this.#next();
      if (token.kind === 'RANGE_QUOTED') return discardEscapes(token.image.slice(1, -1));
      return token.image === '*' ? null : discardEscapes(token.image);
    };
    const from = bound();
    this.#expect('RANGE_TO', ['RANGE_TO']);
    const to = bound();
    const close = this.#peek().kind;
    if (close !== 'RANGEIN_END' && close !== 'RANGEEX_END') this.#fail(['RANGEIN_END', 'RANGEEX_END']);
    this.#next();
    const boost = this.#boost();
    this.#tail = boost === undefined ? ['CARAT'] : [];
    return { kind: 'range', from, to, includeFrom: open.kind === 'RANGEIN_START', includeTo: close === 'RANGEIN_END', ...named, ...(boost !== undefined && { boost }) };
  }
}

/**
 * The tree of `text` (QueryParserBase.parse after ES's blank check, which the caller makes). Throws a
 * LuceneSyntaxError with Lucene's message; the caller words it as "Cannot parse '<text>': <message>".
 */
export function parseLuceneQuery(text: string, defaultOperator: 'or' | 'and'): LuceneQuery {
  return new Parser(text, defaultOperator).top();
}
