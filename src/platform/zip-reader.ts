/**
 * @module The files of a zip archive (as the support-diagnostics tool writes its bundle), read with Node's own zlib:
 * the central directory at the end names each entry, and an entry is stored or deflated. Only what is asked for is
 * inflated, each to at most a given size; zip64, encrypted and other methods are refused, not guessed at.
 */
import { crc32, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {}

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes, after which a comment of at most 65,535 may follow. */
const EOCD_SEARCH = 22 + 0xffff;

function entries(zip: Buffer): Entry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - EOCD_SEARCH); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip archive, or a truncated one (no end of central directory)');
  const count = zip.readUInt16LE(end + 10);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new ZipError('a zip64 archive, which is not read: unzip it and give its folder');
  const out: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipError('a damaged zip archive (its central directory is cut short)');
    const nameLength = zip.readUInt16LE(at + 28);
    out.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

function contents(zip: Buffer, entry: Entry, maxBytes: number): Buffer {
  if (entry.flags & 1) throw new ZipError(`${entry.name}: encrypted, which is not read`);
  if (entry.size > maxBytes) throw new ZipError(`${entry.name}: ${entry.size} bytes, more than the ${maxBytes} a file may have`);
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw new ZipError(`${entry.name}: a damaged zip entry`);
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw new ZipError(`${entry.name}: cut short (a truncated archive?)`);
  let out: Buffer;
  if (entry.method === 0) out = data;
  else if (entry.method === 8) {
    try {
      out = inflateRawSync(data, { maxOutputLength: maxBytes });
    } catch (error) {
      throw new ZipError(`${entry.name}: cannot be inflated: ${(error as Error).message}`);
    }
  } else throw new ZipError(`${entry.name}: compressed with method ${entry.method}, which is not read (only stored and deflated)`);
  if (out.length !== entry.size || crc32(out) >>> 0 !== entry.crc) throw new ZipError(`${entry.name}: its contents do not match its checksum (a damaged archive?)`);
  return out;
}

/**
 * The entries of `zip` named `wanted`, under the folder that holds `anchor` (a bundle's zip holds one folder named
 * after its time). Entries not there are absent from the answer.
 */
export function readZipFiles(zip: Buffer, wanted: readonly string[], anchor: string, maxBytes: number): Map<string, Buffer> {
  const all = entries(zip);
  const anchored = all.filter((e) => e.name === anchor || e.name.endsWith(`/${anchor}`)).sort((a, b) => a.name.length - b.name.length)[0];
  const prefix = anchored ? anchored.name.slice(0, anchored.name.length - anchor.length) : '';
  const byName = new Map(all.map((e) => [e.name, e]));
  const out = new Map<string, Buffer>();
  for (const path of wanted) {
    const entry = byName.get(prefix + path);
    if (entry) out.set(path, contents(zip, entry, maxBytes));
  }
  return out;
}
