/** @module Reading docs for the doc tests: level-2 sections, Markdown tables, fenced blocks and documented curl commands. */
import assert from 'node:assert/strict';

/** The text under the level-2 heading that starts with `prefix`, up to the next level-2 heading. */
export function markdownSection(doc: string, prefix: string): string {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`## ${prefix}`));
  assert.ok(start >= 0, `a "## ${prefix}…" section`);
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The body rows of the first Markdown table in `text`, as raw trimmed cells (backticks kept). */
export function markdownTableRows(text: string): string[][] {
  const rows = text
    .split('\n')
    .filter((line) => line.trimStart().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
  assert.ok(rows.length >= 2, 'a table with a header and a separator');
  return rows.slice(2);
}

/** The fenced blocks of one language in `text`, in order. */
export function fenced(text: string, language: string): string[] {
  return [...text.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

export interface DocumentedCall {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** Each `curl` line of a shell block, as the documented commands write them. */
export function curls(block: string): DocumentedCall[] {
  return block
    .split('\n')
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const match = /^curl -s (?:-X (\w+) )?"http:\/\/localhost:9200([^"]+)"(?: -H '[^']*')?(?: -d '([^']*)')?$/.exec(line);
      assert.ok(match, `a curl line in the documented form: ${line}`);
      return { method: match[1] ?? 'GET', path: match[2]!, ...(match[3] !== undefined && { body: JSON.parse(match[3]) }) };
    });
}
