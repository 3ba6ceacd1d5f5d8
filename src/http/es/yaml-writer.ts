/**
 * @module ES's YAML responses (`format=yaml`), as Jackson's YAMLGenerator writes them through SnakeYAML with ES's
 * settings: a `---` document start, block style, sequences not indented under their key, plain keys, double-quoted
 * strings, and double-quoted strings folded at SnakeYAML's 80-column width.
 */

const BEST_WIDTH = 80;
const ESCAPES: Readonly<Record<string, string>> = {
  '\0': '0',
  '\u0007': 'a',
  '\b': 'b',
  '\t': 't',
  '\n': 'n',
  '\u000b': 'v',
  '\f': 'f',
  '\r': 'r',
  '\u001b': 'e',
  '"': '"',
  '\\': '\\',
  '\u0085': 'N',
  '\u00a0': '_',
  '\u2028': 'L',
  '\u2029': 'P',
};

/** Plain text SnakeYAML's resolver reads as something other than a string (bool, null, number, timestamp, merge). */
const IMPLICIT =
  /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|<<|=|[-+]?(?:0b[0-1_]+|0[0-7_]+|(?:0|[1-9][0-9_]*)|0x[0-9a-fA-F_]+|[1-9][0-9_]*(?::[0-5]?[0-9])+)|[-+]?(?:[0-9][0-9_]*)?\.[0-9.]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*)$/;

function isPrintable(c: number): boolean {
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0x7e) || c === 0x85 || (c >= 0xa0 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd);
}

/** Whether SnakeYAML may write a mapping key plain; otherwise it single-quotes it. */
function plainKey(key: string): boolean {
  if (key === '' || IMPLICIT.test(key) || /^\s|\s$/.test(key)) return false;
  if (/^[-?:](?:\s|$)/.test(key) || /^[,[\]{}#&*!|>'"%@`]/.test(key)) return false;
  if (/: |:$| #/.test(key)) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 0xa || c === 0xd || c === 0x85 || c === 0x2028 || c === 0x2029 || c === 0xfeff || !isPrintable(c)) return false;
  }
  return true;
}

class YamlOut {
  text = '';
  column = 0;

  write(s: string): void {
    this.text += s;
    this.column += s.length;
  }

  lineAt(indent: number): void {
    this.text += `\n${' '.repeat(indent)}`;
    this.column = indent;
  }

  /** Emitter.writeDoubleQuoted: escapes, and a fold at a space once a line passes the width (split values only). */
  doubleQuoted(text: string, indent: number, split: boolean): void {
    this.write('"');
    let start = 0;
    for (let end = 0; end <= text.length; end++) {
      const ch = end < text.length ? text[end]! : undefined;
      const code = ch === undefined ? -1 : ch.charCodeAt(0);
      if (ch === undefined || '"\\\u0085\u2028\u2029\ufeff'.includes(ch) || code < 0x20 || code > 0x7e) {
        if (start < end) {
          this.write(text.slice(start, end));
          start = end;
        }
        if (ch !== undefined) {
          const escape = ESCAPES[ch];
          if (escape !== undefined) this.write(`\\${escape}`);
          else if (isPrintable(code)) this.write(ch);
          else this.write(code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`);
          start = end + 1;
        }
      }
      if (split && end > 0 && end < text.length - 1 && (ch === ' ' || start >= end) && this.column + (end - start) > BEST_WIDTH) {
        this.write(start >= end ? '\\' : `${text.slice(start, end)}\\`);
        if (start < end) start = end;
        this.lineAt(indent);
        if (text[start] === ' ') this.write('\\');
      }
    }
    this.write('"');
  }

  scalar(value: unknown, indent: number): void {
    if (value === null || value === undefined) this.write('null');
    else if (typeof value === 'string') this.doubleQuoted(value, indent, true);
    else this.write(String(value));
  }
}

const isContainer = (v: unknown): v is object => v !== null && typeof v === 'object';
const isEmpty = (v: object) => (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0);

/** A value after `key:` or `- ` (`separate` says whether a space must come first). */
function value(out: YamlOut, v: unknown, indent: number, separate: boolean, inSequence: boolean): void {
  if (!isContainer(v) || isEmpty(v)) {
    if (separate) out.write(' ');
    if (isContainer(v)) out.write(Array.isArray(v) ? '[]' : '{}');
    else out.scalar(v, indent + 2);
    return;
  }
  if (Array.isArray(v)) sequence(out, v, inSequence ? indent + 2 : indent, inSequence);
  else mapping(out, v as Record<string, unknown>, indent + 2, inSequence);
}

function mapping(out: YamlOut, map: Record<string, unknown>, indent: number, inline: boolean): void {
  let first = true;
  for (const [key, child] of Object.entries(map)) {
    if (child === undefined) continue;
    if (!(first && inline)) out.lineAt(indent);
    first = false;
    out.write(plainKey(key) ? key : `'${key.replace(/'/g, "''")}'`);
    out.write(':');
    value(out, child, indent, true, false);
  }
}

function sequence(out: YamlOut, items: readonly unknown[], indent: number, inline: boolean): void {
  items.forEach((item, i) => {
    if (!(i === 0 && inline)) out.lineAt(indent);
    out.write('- ');
    value(out, item, indent, false, true);
  });
}

/** The document ES writes for `value` with `format=yaml`. */
export function toYaml(root: unknown): string {
  const out = new YamlOut();
  out.write('---');
  if (!isContainer(root) || isEmpty(root)) value(out, root, 0, true, false);
  else if (Array.isArray(root)) sequence(out, root, 0, false);
  else mapping(out, root as Record<string, unknown>, 0, false);
  return `${out.text}\n`;
}
