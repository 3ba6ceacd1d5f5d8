/**
 * @module The token manager of Lucene's classic query parser (QueryParser.jj's TOKEN section): three lexical states
 * (DEFAULT, Range after `[` or `{`, Boost after `^`), longest match first and, on a tie, the token defined first —
 * which is why `AND` is an operator but `ANDROID` a term, and `&&x` a term. Tokens are read on demand, as JavaCC's
 * token manager reads them, so a lexical error surfaces only once the parser reaches it.
 */

/** Token kinds in QueryParserConstants order: the order ties are broken in and "Was expecting" lists are sorted by. */
export const KINDS = [
  'EOF', 'AND', 'OR', 'NOT', 'PLUS', 'MINUS', 'BAREOPER', 'LPAREN', 'RPAREN', 'COLON', 'STAR', 'CARAT', 'QUOTED', 'TERM',
  'FUZZY_SLOP', 'PREFIXTERM', 'WILDTERM', 'REGEXPTERM', 'RANGEIN_START', 'RANGEEX_START', 'NUMBER', 'RANGE_TO',
  'RANGEIN_END', 'RANGEEX_END', 'RANGE_QUOTED', 'RANGE_GOOP',
] as const;
export type Kind = (typeof KINDS)[number];

/** QueryParserConstants.tokenImage: how an error message names each kind. */
const IMAGES: Readonly<Record<Kind, string>> = {
  EOF: '<EOF>', AND: '<AND>', OR: '<OR>', NOT: '<NOT>', PLUS: '"+"', MINUS: '"-"', BAREOPER: '<BAREOPER>', LPAREN: '"("', RPAREN: '")"',
  COLON: '":"', STAR: '"*"', CARAT: '"^"', QUOTED: '<QUOTED>', TERM: '<TERM>', FUZZY_SLOP: '<FUZZY_SLOP>', PREFIXTERM: '<PREFIXTERM>',
  WILDTERM: '<WILDTERM>', REGEXPTERM: '<REGEXPTERM>', RANGEIN_START: '"["', RANGEEX_START: '"{"', NUMBER: '<NUMBER>', RANGE_TO: '"TO"',
  RANGEIN_END: '"]"', RANGEEX_END: '"}"', RANGE_QUOTED: '<RANGE_QUOTED>', RANGE_GOOP: '<RANGE_GOOP>',
};
export const imageOf = (kind: Kind) => IMAGES[kind];

export interface Token {
  readonly kind: Kind;
  readonly image: string;
  /** FastCharStream's column: the 0-based offset of the token (the input's length for EOF). */
  readonly column: number;
}

/** A Lucene ParseException (or TokenMgrError): its message without the "Cannot parse" prefix. */
export class LuceneSyntaxError extends Error {
  constructor(
    message: string,
    readonly javaType: 'parse_exception' | 'token_mgr_error' = 'parse_exception',
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\u3000']);
/** Characters that cannot start a term (_TERM_START_CHAR's exclusions); `-` and `+` may follow its first character. */
const NOT_TERM_START = new Set([...WHITESPACE, '+', '-', '!', '(', ')', ':', '^', '[', ']', '"', '{', '}', '~', '*', '?', '\\', '/']);

type State = 'DEFAULT' | 'Range' | 'Boost';

/** JavaCC's ParseException.add_escapes, as messages quote what they saw. */
export function addEscapes(text: string): string {
  const named: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', "'": "\\'", '\\': '\\\\' };
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    out += named[c] ?? (code < 0x20 || code > 0x7e ? `\\u${code.toString(16).padStart(4, '0')}` : c);
  }
  return out;
}

export class LuceneLexer {
  #state: State = 'DEFAULT';
  #pos = 0;
  readonly #tokens: Token[] = [];

  constructor(readonly text: string) {}

  /** The k-th token from `index` (0 = the next one), read on demand. */
  peek(index: number): Token {
    while (this.#tokens.length <= index) this.#tokens.push(this.#read());
    return this.#tokens[index]!;
  }

  /** Length of one _TERM_START_CHAR (2 for an escaped character) at `i`, 0 when there is none. */
  #startChar(i: number): number {
    const c = this.text[i];
    if (c === undefined) return 0;
    if (c === '\\') return i + 1 < this.text.length ? 2 : 0;
    return NOT_TERM_START.has(c) ? 0 : 1;
  }

  #termChar(i: number): number {
    const c = this.text[i];
    return c === '-' || c === '+' ? 1 : this.#startChar(i);
  }

  /** End of a run of _TERM_CHARs (and of `*` `?` too when `wild`) from `i`. */
  #run(i: number, wild: boolean): number {
    for (;;) {
      const c = this.text[i];
      const n = wild && (c === '*' || c === '?') ? 1 : this.#termChar(i);
      if (n === 0) return i;
      i += n;
    }
  }

  /** Longest `open (char | \close)* close` from `i`: every inner `close` must follow a backslash (REGEXPTERM, RANGE_QUOTED). */
  #delimited(i: number, close: string, nonEmpty: boolean): number {
    let end = 0;
    for (let j = i + 1; j < this.text.length; j++) {
      if (this.text[j] !== close) continue;
      if (!nonEmpty || j > i + 1) end = j + 1;
      if (this.text[j - 1] !== '\\' || j - 1 === i) break;
    }
    return end === 0 ? 0 : end - i;
  }

  #quoted(i: number): number {
    for (let j = i + 1; j < this.text.length; j++) {
      if (this.text[j] === '\\') j++;
      else if (this.text[j] === '"') return j + 1 - i;
    }
    return 0;
  }

  #lexicalError(start: number): never {
    const eof = this.#pos >= this.text.length;
    const c = this.text[this.#pos] ?? '';
    const after = this.text.slice(start, this.#pos);
    const state = this.#state === 'Boost' ? '' : ` (in lexical state ${this.#state === 'Range' ? 1 : 2})`;
    const seen = eof ? '<EOF>' : `'${addEscapes(c)}' (${c.charCodeAt(0)}),`;
    const column = eof ? this.text.length : this.#pos + 1;
    throw new LuceneSyntaxError(`Lexical error at line 1, column ${column}.  Encountered: ${seen}${after ? ` after prefix "${addEscapes(after)}"` : ''}${state}`, 'token_mgr_error');
  }

  /** The candidates at `i` in kind order; the longest wins, the first of equals. */
  #candidates(i: number): [Kind, number][] {
    const t = this.text;
    const two = t.slice(i, i + 2);
    if (this.#state === 'Boost') {
      const m = /^\d+(?:\.\d+)?/.exec(t.slice(i));
      return [['NUMBER', m ? m[0].length : 0]];
    }
    if (this.#state === 'Range') {
      let goop = i;
      while (goop < t.length && t[goop] !== ' ' && t[goop] !== ']' && t[goop] !== '}') goop++;
      return [
        ['RANGE_TO', two === 'TO' ? 2 : 0],
        ['RANGEIN_END', t[i] === ']' ? 1 : 0],
        ['RANGEEX_END', t[i] === '}' ? 1 : 0],
        ['RANGE_QUOTED', t[i] === '"' ? this.#delimited(i, '"', true) : 0],
        ['RANGE_GOOP', goop - i],
      ];
    }
    const start = this.#startChar(i);
    const term = start > 0 ? this.#run(i + start, false) - i : 0;
    const wildStart = start > 0 ? start : t[i] === '*' || t[i] === '?' ? 1 : 0;
    return [
      ['AND', t.startsWith('AND', i) ? 3 : two === '&&' ? 2 : 0],
      ['OR', t.startsWith('OR', i) || two === '||' ? 2 : 0],
      ['NOT', t.startsWith('NOT', i) ? 3 : t[i] === '!' ? 1 : 0],
      ['PLUS', t[i] === '+' ? 1 : 0],
      ['MINUS', t[i] === '-' ? 1 : 0],
      ['BAREOPER', '+-!'.includes(t[i]!) && WHITESPACE.has(t[i + 1] ?? '') ? 2 : 0],
      ['LPAREN', t[i] === '(' ? 1 : 0],
      ['RPAREN', t[i] === ')' ? 1 : 0],
      ['COLON', t[i] === ':' ? 1 : 0],
      ['STAR', t[i] === '*' ? 1 : 0],
      ['CARAT', t[i] === '^' ? 1 : 0],
      ['QUOTED', t[i] === '"' ? this.#quoted(i) : 0],
      ['TERM', term],
      ['FUZZY_SLOP', t[i] === '~' ? this.#run(i + 1, false) - i : 0],
      ['PREFIXTERM', t[i] === '*' ? 1 : term > 0 && t[i + term] === '*' ? term + 1 : 0],
      ['WILDTERM', wildStart > 0 ? this.#run(i + wildStart, true) - i : 0],
      ['REGEXPTERM', t[i] === '/' ? this.#delimited(i, '/', false) : 0],
      ['RANGEIN_START', t[i] === '[' ? 1 : 0],
      ['RANGEEX_START', t[i] === '{' ? 1 : 0],
    ];
  }

  #read(): Token {
    // DEFAULT and Range skip whitespace; Boost does not (`^ 2` is a lexical error).
    if (this.#state !== 'Boost') while (this.#pos < this.text.length && WHITESPACE.has(this.text[this.#pos]!)) this.#pos++;
    if (this.#pos >= this.text.length) return { kind: 'EOF', image: '', column: this.text.length };
    const start = this.#pos;
    let best: [Kind, number] = ['EOF', 0];
    for (const candidate of this.#candidates(start)) if (candidate[1] > best[1]) best = candidate;
    if (best[1] === 0) {
      // Nothing matches: JavaCC reports the character it stopped at, or EOF inside an open quote or escape.
      if (this.text[start] === '"' || this.text[start] === '\\' || (this.text[start] === '/' && this.#state === 'DEFAULT')) this.#pos = this.text.length;
      this.#lexicalError(start);
    }
    const [kind, length] = best;
    this.#pos = start + length;
    if (kind === 'CARAT') this.#state = 'Boost';
    else if (kind === 'NUMBER' || kind === 'RANGEIN_END' || kind === 'RANGEEX_END') this.#state = 'DEFAULT';
    else if (kind === 'RANGEIN_START' || kind === 'RANGEEX_START') this.#state = 'Range';
    return { kind, image: this.text.slice(start, start + length), column: start };
  }
}
