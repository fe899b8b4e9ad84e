import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED, supportOf } from '../../../scripts/lib/node-version.mjs';

describe('supported Node.js versions', () => {
  it('accepts the LTS lines from their floors, warns on untested lines, refuses older ones', () => {
    expect(
      ['20.19.0', '20.20.2', '22.12.0', '22.20.1', '24.0.0', '24.11.1'].map(supportOf),
    ).toEqual(Array(6).fill('ok'));
    expect(['23.5.0', '25.1.0', '26.0.0'].map(supportOf)).toEqual(Array(3).fill('untested'));
    expect(['18.20.4', '20.18.3', '21.7.3', '22.11.0', 'v16.0.0'].map(supportOf)).toEqual(
      Array(5).fill('unsupported'),
    );
  });

  it('says the same as package.json engines, and this machine runs a supported one', () => {
    const pkg = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
    ) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(SUPPORTED);
    expect(supportOf(process.versions.node)).not.toBe('unsupported');
  });
});
