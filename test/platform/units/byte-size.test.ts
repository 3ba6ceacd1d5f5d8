/** The one byte-size parser and ES's byte text. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BYTE_UNITS, byteSizeText, parseByteSize, readByteSize, UnitError } from '../../../src/platform/units/index.js';

describe('parseByteSize', () => {
  const accepted: [string, number][] = [
    ['0b', 0],
    ['512b', 512],
    ['10kb', 10_240],
    [' 1.5 MB ', 1_572_864],
    ['2gb', 2 * 1024 ** 3],
    ['1tb', 1024 ** 4],
    ['1pb', 1024 ** 5],
    ['0.1kb', 102],
  ];
  for (const [text, bytes] of accepted) {
    it(`reads [${text}] as ${bytes}`, () => {
      assert.equal(parseByteSize(text, 'x'), bytes);
      assert.equal(readByteSize(text), bytes);
    });
  }
  for (const text of ['10', '10k', '-1kb', 'kb', '10 zb', '']) {
    it(`refuses [${text}] with ES's words`, () => {
      assert.throws(
        () => parseByteSize(text, 'tessera.disk.capacity'),
        (e: unknown) => e instanceof UnitError && e.message === `failed to parse setting [tessera.disk.capacity] with value [${text}] as a size in bytes: unit is missing or unrecognized`,
      );
      assert.equal(readByteSize(text), undefined);
    });
  }
  it("throws the caller's error type when it passes one", () => {
    class Mine extends Error {}
    assert.throws(() => parseByteSize('x', 'size', (m) => new Mine(m)), Mine);
  });
});

describe('byteSizeText', () => {
  const cases: [number, string][] = [
    [0, '0b'],
    [1023, '1023b'],
    [1024, '1kb'],
    [2000, '1.9kb'],
    [10 * 1024 ** 2, '10mb'],
    [1.99 * 1024 ** 3, '1.9gb'],
    [3 * 1024 ** 5, '3pb'],
    [2048 * 1024 ** 5, '2048pb'],
  ];
  for (const [bytes, text] of cases) it(`writes ${bytes} as ${text}`, () => assert.equal(byteSizeText(bytes), text));
  it('knows the one-letter units `bytes=` takes', () => assert.deepEqual([BYTE_UNITS.k, BYTE_UNITS.g, BYTE_UNITS.pb], [1024, 1024 ** 3, 1024 ** 5]));
});
