/** @module Files that ship beside the code (the console's built bundle), found from the source tree or the compiled bundle alike. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/**
 * `relative` under the package's root folder. The code runs from `src/<module>/…` through tsx (tests) or from the
 * bundle in `dist/` (`tessera serve`), at different depths, so the root is the nearest folder above with a package.json.
 */
export function packagePath(relative: string): string {
  if (root === undefined) {
    let folder = dirname(fileURLToPath(import.meta.url));
    while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
    root = folder;
  }
  return join(root, relative);
}
