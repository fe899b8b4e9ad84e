// Bundled by esbuild into dist/main.js, so the running build reports the version it was built from.
import packageJson from '../package.json' with { type: 'json' };

export const appVersion: string = packageJson.version;
