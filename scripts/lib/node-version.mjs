// The Node.js versions 绘境 supports (package.json "engines"): the LTS lines 20 (from 20.19),
// 22 (from 22.12) and 24, the one we recommend. The floors are what the toolchain needs (Vite 7
// and Vitest 4 require ^20.19 || >=22.12; require(esm) without a flag). Odd-numbered releases are
// not tested: they get a warning, not a refusal.
export const SUPPORTED = '^20.19.0 || ^22.12.0 || >=24.0.0';
export const RECOMMENDED = 24;

/** 'ok', 'untested' (an odd or newer line) or 'unsupported' for a version such as '22.11.0'. */
export const supportOf = (version) => {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  if (major === 20) return minor >= 19 ? 'ok' : 'unsupported';
  if (major === 22) return minor >= 12 ? 'ok' : 'unsupported';
  if (major === 24) return 'ok';
  if (major < 20 || major === 21) return 'unsupported';
  return 'untested';
};

/** Prints the running Node's version and what we make of it; exits 1 when unsupported. */
export const checkNode = ({ log = console.log } = {}) => {
  const version = process.versions.node;
  const support = supportOf(version);
  if (support === 'ok') {
    log(`› node ${version} (supported: ${SUPPORTED}; recommended: ${RECOMMENDED} LTS)`);
    return;
  }
  if (support === 'untested') {
    log(`› node ${version}: not a tested release line (supported: ${SUPPORTED}); carrying on`);
    return;
  }
  console.error(
    `node ${version} is not supported: 绘境 needs ${SUPPORTED} (Node ${RECOMMENDED} LTS recommended).`,
  );
  process.exit(1);
};
