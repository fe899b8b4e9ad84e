import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web app's src folder, for tests that read its modules as text. */
export const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export { resolveImport, sourceFiles } from '../../../../scripts/lib/import-graph.mjs';
