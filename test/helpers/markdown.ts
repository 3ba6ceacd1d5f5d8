/** @module Reading docs for the doc tests: level-2 sections and Markdown tables. */
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
