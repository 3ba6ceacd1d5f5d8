/**
 * @module A bundle's answers from the zip the support-diagnostics tool makes of its folder: the files under the
 * folder that holds `version.json`, each parsed as JSON. Shared by `tessera ilm forecast --diagnostics <zip>` and the
 * console's upload, each with its own bound on a file's size.
 */
import { readZipFiles, ZipError } from '../../platform/zip-reader.js';
import { ImportError } from './import-diagnostics.js';

/** One answer, which curl or the tool may have cut short. */
export function parseBundleFile(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${path}: not valid JSON (a truncated file?): ${(error as Error).message}`);
  }
}

/** The `paths` the zip holds, parsed; a file over `maxFileBytes` once inflated, or a broken zip, is an ImportError. */
export function readBundleZip(zip: Buffer, paths: readonly string[], maxFileBytes: number, name: string): Map<string, unknown> {
  let entries: Map<string, Buffer>;
  try {
    entries = readZipFiles(zip, paths, 'version.json', maxFileBytes);
  } catch (error) {
    if (error instanceof ZipError) throw new ImportError(`${name}: ${error.message}`);
    throw error;
  }
  return new Map([...entries].map(([path, bytes]) => [path, parseBundleFile(path, bytes.toString('utf8'))]));
}
