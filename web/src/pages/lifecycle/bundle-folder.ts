/**
 * A bundle's folder, chosen in the browser, as the forecast takes it: only the files the forecast reads, each parsed
 * as JSON, named by their path under the folder that holds `version.json` (the diagnostics tool nests its own).
 */
import { ALSO_READ_FILES, DIAGNOSTICS_FILES } from '../../../../src/ilm/import/diagnostics-files.ts';

const READ = [...DIAGNOSTICS_FILES, ...ALSO_READ_FILES].map((file) => file.path);

/** The folder chosen (its files' `webkitRelativePath`), or the files given without one: the paths are theirs. */
function relativePath(file: File): string {
  return file.webkitRelativePath === '' ? file.name : file.webkitRelativePath;
}

export class BundleFolderError extends Error {}

export async function readBundleFolder(chosen: readonly File[]): Promise<Record<string, unknown>> {
  // The shallowest version.json: a bundle may hold another cluster's answers further down, never further up.
  const roots = chosen
    .map(relativePath)
    .filter((path) => path === 'version.json' || path.endsWith('/version.json'))
    .map((path) => path.slice(0, -'version.json'.length))
    .sort((a, b) => a.split('/').length - b.split('/').length);
  const root = roots[0];
  if (root === undefined) throw new BundleFolderError('The folder holds no version.json: is it the folder the diagnostics tool wrote?');
  const byPath = new Map(chosen.map((file) => [relativePath(file), file]));
  const files: Record<string, unknown> = {};
  for (const path of READ) {
    const file = byPath.get(root + path);
    if (file === undefined) continue;
    const text = await file.text();
    try {
      files[path] = JSON.parse(text);
    } catch (error) {
      throw new BundleFolderError(`${path}: not valid JSON (a truncated file?): ${(error as Error).message}`);
    }
  }
  return files;
}
