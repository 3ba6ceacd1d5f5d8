import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byte4ToInt, decodedLength, int4ToLong, intToByte4, LENGTH_TABLE, longToInt4 } from '../../../../src/cluster/search/analysis/small-float.js';

test('lengths up to 39 encode exactly, as the explain API says "dl, length of field" for norm bytes up to 39', () => {
  for (let length = 0; length <= 39; length++) {
    assert.equal(intToByte4(length), length);
    assert.equal(byte4ToInt(length), length);
    assert.equal(decodedLength(length), length);
  }
});

test('longer lengths keep four significant bits (hand-computed from the encoding)', () => {
  // 24 free values; 41 - 24 = 17 = 0b10001 -> shift 1, mantissa 0b000 -> byte 24 + (2 << 3 | 0) = 40 -> 24 + 16 = 40.
  assert.deepEqual([40, 41, 42, 47, 48, 100, 1000].map((n) => [intToByte4(n), byte4ToInt(intToByte4(n))]), [
    [40, 40], [40, 40], [41, 42], [43, 46], [44, 48], [57, 96], [87, 984],
  ]);
  assert.equal(intToByte4(2 ** 31 - 1), 255);
  assert.equal(byte4ToInt(255), 24 + 15 * 2 ** 27);
  // Java's byte is signed: -1 is byte 255.
  assert.equal(byte4ToInt(-1), byte4ToInt(255));
});

test('int4 round trip and refusals', () => {
  for (let i = 0; i < 8; i++) assert.equal(longToInt4(i), i);
  assert.equal(int4ToLong(longToInt4(8)), 8);
  assert.equal(int4ToLong(longToInt4(17)), 16);
  assert.throws(() => intToByte4(-1), /Only supports positive values, got -1/);
});

test('LENGTH_TABLE holds the decoded lengths as Java floats, monotonic', () => {
  assert.equal(LENGTH_TABLE.length, 256);
  assert.equal(LENGTH_TABLE[40], 40);
  // 2013265944 is not a float; the table holds the nearest, 2013265920.
  assert.equal(LENGTH_TABLE[255], 2013265920);
  for (let i = 1; i < 256; i++) assert.ok(LENGTH_TABLE[i]! >= LENGTH_TABLE[i - 1]!);
});
