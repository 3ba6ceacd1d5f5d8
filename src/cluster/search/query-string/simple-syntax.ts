/**
 * @module simple_query_string's syntax (Lucene's SimpleQueryParser): `+` AND, `|` OR, `-` NOT, `"phrase"~slop`,
 * `prefix*`, `term~n`, `( )`, `\` escapes, whitespace as the default operator — each only while its flag is on. It
 * never fails: an unclosed quote or parenthesis is read as text. Parsing yields the pieces in order; `buildSimpleTree`
 * then assembles them as SimpleQueryParser.buildQueryTree does, which needs to know which pieces analyse to nothing
 * (they are skipped but leave the pending operator in place), so the caller supplies that.
 */

export type SimpleLeaf =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'prefix'; readonly text: string }
  | { readonly kind: 'fuzzy'; readonly text: string; readonly edits: number }
  | { readonly kind: 'phrase'; readonly text: string; readonly slop: number };

/** A (sub)query's pieces (negated by an odd number of `-`) and the `+` / `|` written between them. */
export type SimpleItem =
  | { readonly kind: 'piece'; readonly negated: boolean; readonly node: SimpleLeaf | SimpleGroup }
  | { readonly kind: 'operator'; readonly operator: 'must' | 'should' }
  /** `()` or `""`: nothing to add, but the pending operator is dropped (SimpleQueryParser resets it). */
  | { readonly kind: 'reset' };

export interface SimpleGroup {
  readonly kind: 'group';
  readonly items: readonly SimpleItem[];
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

class State {
  index: number;
  not = 0;
  readonly items: SimpleItem[] = [];
  constructor(
    readonly start: number,
    readonly end: number,
  ) {
    this.index = start;
  }
}

class SimpleParser {
  constructor(
    readonly data: string,
    readonly flags: ReadonlySet<string>,
  ) {}

  #on = (flag: string) => this.flags.has(flag);

  #finished(c: string): boolean {
    return (
      (c === '"' && this.#on('PHRASE')) ||
      (c === '|' && this.#on('OR')) ||
      (c === '+' && this.#on('AND')) ||
      ((c === '(' || c === ')') && this.#on('PRECEDENCE')) ||
      (WHITESPACE.has(c) && this.#on('WHITESPACE'))
    );
  }

  #add(state: State, node: SimpleLeaf | SimpleGroup): void {
    state.items.push({ kind: 'piece', negated: state.not % 2 === 1, node });
  }

  parse(state: State): State {
    const d = this.data;
    while (state.index < state.end) {
      const c = d[state.index]!;
      if (c === '(' && this.#on('PRECEDENCE')) this.#subQuery(state);
      else if (c === ')' && this.#on('PRECEDENCE')) state.index++;
      else if (c === '"' && this.#on('PHRASE')) this.#phrase(state);
      else if ((c === '+' && this.#on('AND')) || (c === '|' && this.#on('OR'))) {
        state.items.push({ kind: 'operator', operator: c === '+' ? 'must' : 'should' });
        state.index++;
      } else if (c === '-' && this.#on('NOT')) {
        state.not++;
        state.index++;
        continue;
      } else if (WHITESPACE.has(c) && this.#on('WHITESPACE')) state.index++;
      else this.#term(state);
      state.not = 0;
    }
    return state;
  }

  #subQuery(state: State): void {
    const start = ++state.index;
    let depth = 1;
    let escaped = false;
    for (; state.index < state.end; state.index++) {
      const c = this.data[state.index]!;
      if (escaped) escaped = false;
      else if (c === '\\' && this.#on('ESCAPE')) escaped = true;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
    }
    if (state.index === state.end) state.index = start;
    else if (state.index === start) {
      state.items.push({ kind: 'reset' });
      state.index++;
    } else {
      const sub = this.parse(new State(start, state.index));
      this.#add(state, { kind: 'group', items: sub.items });
      state.index++;
    }
  }

  /** SimpleQueryParser.parseFuzziness: the digits after `~` up to the token's end; none means 2, junk 0. */
  #fuzziness(state: State): number {
    let text = '';
    while (state.index < state.end) {
      state.index++;
      if (state.index < state.end) {
        if (this.#finished(this.data[state.index]!)) break;
        text += this.data[state.index];
      }
    }
    if (text === '') return 2;
    const n = /^[+-]?\d+$/.test(text) ? Number.parseInt(text, 10) : 0;
    return Math.max(n, 0);
  }

  #phrase(state: State): void {
    const start = ++state.index;
    let text = '';
    let escaped = false;
    let hasSlop = false;
    while (state.index < state.end) {
      const c = this.data[state.index]!;
      if (!escaped) {
        if (c === '\\' && this.#on('ESCAPE')) {
          escaped = true;
          state.index++;
          continue;
        }
        if (c === '"') {
          if (state.end > state.index + 1 && this.data[state.index + 1] === '~' && this.#on('NEAR')) {
            state.index++;
            if (state.end > state.index + 1) hasSlop = true;
          }
          break;
        }
      }
      escaped = false;
      text += c;
      state.index++;
    }
    if (state.index === state.end) state.index = start;
    else if (state.index === start) {
      state.items.push({ kind: 'reset' });
      state.index++;
    } else {
      this.#add(state, { kind: 'phrase', text, slop: hasSlop ? this.#fuzziness(state) : 0 });
      state.index++;
    }
  }

  #term(state: State): void {
    let text = '';
    let escaped = false;
    let prefix = false;
    let fuzzy = false;
    while (state.index < state.end) {
      const c = this.data[state.index]!;
      if (!escaped) {
        if (c === '\\' && this.#on('ESCAPE')) {
          escaped = true;
          prefix = false;
          state.index++;
          continue;
        }
        if (this.#finished(c)) break;
        if (text.length > 0 && c === '~' && this.#on('FUZZY')) {
          fuzzy = true;
          break;
        }
        prefix = text.length > 0 && c === '*' && this.#on('PREFIX');
      }
      escaped = false;
      text += c;
      state.index++;
    }
    if (text.length === 0) return;
    if (fuzzy) {
      const edits = Math.min(this.#fuzziness(state), 2);
      this.#add(state, edits === 0 ? { kind: 'text', text } : { kind: 'fuzzy', text, edits });
    } else if (prefix) this.#add(state, { kind: 'prefix', text: text.slice(0, -1) });
    else this.#add(state, { kind: 'text', text });
  }
}

/** The pieces of `text` with the operators `flags` enables (SimpleQueryStringFlag names; NEAR and SLOP are one). */
export function parseSimpleQuery(text: string, flags: readonly string[]): SimpleItem[] {
  const enabled = new Set(flags);
  if (enabled.has('SLOP')) enabled.add('NEAR');
  return new SimpleParser(text, enabled).parse(new State(0, text.length)).items;
}

export type SimpleTree<T> = { readonly kind: 'leaf'; readonly query: T } | { readonly kind: 'bool'; readonly clauses: readonly SimpleClause<T>[] };
export interface SimpleClause<T> {
  readonly occur: 'must' | 'should' | 'must_not';
  readonly query: SimpleTree<T>;
}

/**
 * SimpleQueryParser.buildQueryTree over the pieces: `leaf` turns a piece into a query or null (nothing analysed). A
 * change of operator nests what came before (`a b +c` is `+(a b) +c`); a negated piece is `-x` with a match-all.
 */
export function buildSimpleTree<T>(items: readonly SimpleItem[], defaultOperator: 'must' | 'should', leaf: (node: SimpleLeaf) => T | null, matchAll: T): SimpleTree<T> | null {
  let top: SimpleTree<T> | null = null;
  let operator: 'must' | 'should' | undefined;
  let previous: 'must' | 'should' | undefined;
  for (const item of items) {
    if (item.kind === 'reset') {
      operator = undefined;
      continue;
    }
    if (item.kind === 'operator') {
      // Only the first operator between two pieces counts, and none before the first piece that made a query.
      if (operator === undefined && top !== null) operator = item.operator;
      continue;
    }
    let branch: SimpleTree<T> | null = null;
    if (item.node.kind === 'group') branch = buildSimpleTree(item.node.items, defaultOperator, leaf, matchAll);
    else {
      const query = leaf(item.node);
      branch = query === null ? null : { kind: 'leaf', query };
    }
    if (branch === null) continue;
    if (item.negated) branch = { kind: 'bool', clauses: [{ occur: 'must_not', query: branch }, { occur: 'should', query: { kind: 'leaf', query: matchAll } }] };
    if (top === null) top = branch;
    else {
      operator ??= defaultOperator;
      if (previous !== operator) top = { kind: 'bool', clauses: [{ occur: operator, query: top }] };
      const clauses: SimpleClause<T>[] = [...(top as Extract<SimpleTree<T>, { kind: 'bool' }>).clauses];
      top = { kind: 'bool', clauses: [...clauses, { occur: operator, query: branch }] };
      previous = operator;
    }
    operator = undefined;
  }
  return top;
}
