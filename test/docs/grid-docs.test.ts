/**
 * @module Keeps docs/grid.md honest: its error catalogue matches GridErrorKinds in both directions, every
 * GridService RPC has its own heading (and no heading names an RPC that does not exist), and the type-option
 * bytes it quotes are what the code produces.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { codeFromString, codeToHttpStatus } from '@connectrpc/connect/protocol-connect';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { FieldType } from '../../src/gen/tessera/grid/v1/field_pb.js';
import { GridService } from '../../src/gen/tessera/grid/v1/grid_service_pb.js';
import { NumberTypeOption_NumberFormat, NumberTypeOptionSchema } from '../../src/gen/tessera/grid/v1/type_option_pb.js';
import { GridErrorKinds } from '../../src/grid/grid-error-codes.js';
import { defaultTypeOption } from '../../src/grid/type-options/type-option-defaults.js';
import { markdownSection, markdownTableRows } from '../helpers/markdown.js';

const DOC_PATH = new URL('../../docs/grid.md', import.meta.url);
const doc = readFileSync(DOC_PATH, 'utf8');

/** The text under `## title` in docs/grid.md. */
function section(title: string): string {
  return markdownSection(doc, title);
}

/** The body rows of the first Markdown table in `text`, each cell stripped of backticks. */
function tableRows(text: string): string[][] {
  return markdownTableRows(text).map((row) => row.map((cell) => cell.replace(/`/g, '')));
}

function b64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

describe('docs/grid.md error catalogue', () => {
  const rows = tableRows(section('Error catalogue'));
  const byName = new Map(rows.map((cells) => [cells[1]!, cells]));
  const kinds = Object.values(GridErrorKinds);

  it('lists each kind once', () => {
    assert.equal(byName.size, rows.length, `duplicate names in: ${rows.map((r) => r[1]).join(', ')}`);
  });

  for (const kind of kinds) {
    it(`documents ${kind.name} with its number and Connect code`, () => {
      const cells = byName.get(kind.name);
      assert.ok(cells, `${kind.name} is missing from the catalogue table`);
      const [number, , connectCode, grpcStatus, http] = cells;
      assert.equal(number, String(kind.number), `number of ${kind.name}`);
      assert.equal(connectCode, kind.code, `Connect code of ${kind.name}`);
      const code = codeFromString(kind.code);
      assert.ok(code !== undefined, `${kind.code} is a Connect code`);
      assert.equal(grpcStatus, `${kind.code.toUpperCase()} (${code})`, `gRPC status of ${kind.name}`);
      assert.equal(http, String(codeToHttpStatus(code)), `HTTP status of ${kind.name}`);
    });
  }

  it('lists no kind the catalogue lacks', () => {
    const known = new Set(kinds.map((k) => k.name));
    const extra = rows.map((cells) => cells[1]!).filter((name) => !known.has(name));
    assert.deepEqual(extra, [], 'documented kinds that GridErrorKinds does not define');
  });

  it('never gives a number to two kinds', () => {
    const numbers = rows.map((cells) => cells[0]);
    assert.equal(new Set(numbers).size, numbers.length);
  });

  it('uses only codes Connect knows', () => {
    for (const cells of rows) assert.ok(codeFromString(cells[2]!) !== undefined && codeFromString(cells[2]!) !== Code.Unknown, cells[2]);
  });
});

describe('docs/grid.md RPC reference', () => {
  const rpcs = section('RPCs');
  const headings = [...rpcs.matchAll(/^### (.+)$/gm)].map((m) => m[1]!.replace(/`/g, '').trim());

  for (const method of GridService.methods) {
    it(`has a heading for ${method.name}`, () => {
      assert.match(doc, new RegExp(`^#{2,4} \`?${method.name}\`?$`, 'm'));
      assert.ok(headings.includes(method.name), `${method.name} has a "### ${method.name}" heading under "## RPCs"`);
    });
  }

  it('has no RPC heading for a method GridService lacks', () => {
    const names = new Set(GridService.methods.map((m) => m.name));
    assert.deepEqual(headings.filter((h) => !names.has(h)), []);
  });

  it('shows a buf curl call for every RPC', () => {
    for (const method of GridService.methods) {
      assert.ok(rpcs.includes(`/tessera.grid.v1.GridService/${method.name}`), `an example call of ${method.name}`);
    }
  });
});

describe('docs/grid.md type options', () => {
  const text = section('Type options and `type_option_data`');

  it('quotes the bytes toBinary gives for the worked NumberTypeOption example', () => {
    const bytes = toBinary(
      NumberTypeOptionSchema,
      create(NumberTypeOptionSchema, { format: NumberTypeOption_NumberFormat.EUR, scale: 2, symbol: '€', signPositive: true }),
    );
    assert.equal(b64(bytes), 'CAQQAhoD4oKsIAE=');
    assert.ok(text.includes(`**\`${b64(bytes)}\`**`), 'the worked example states the base64 result in bold');
    const hex = Buffer.from(bytes).toString('hex').toUpperCase().match(/../g)!.join(' ');
    assert.ok(text.includes(hex), `the worked example lists the bytes ${hex}`);
  });

  it("lists each field type's default option bytes as the code encodes them", () => {
    const rows = tableRows(text);
    const types = Object.values(FieldType).filter((v): v is FieldType => typeof v === 'number');
    assert.equal(types.length, 7);
    for (const type of types) {
      const name = FieldType[type];
      const row: string[] | undefined = rows.find((cells) => cells[0] === name);
      assert.ok(row, `a defaults row for ${name}`);
      const documented: string = row[4]!.replace(/\s*\(empty\)$/, '').replace(/^""$/, '');
      assert.equal(documented, b64(defaultTypeOption(type)), `default bytes of ${name}`);
    }
  });
});
