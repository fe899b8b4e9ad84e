import { renderHook } from '@testing-library/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bakeMapToken } from './antd-bake';
import { prebuiltAlgorithm, withPrebuiltAlgorithm } from './prebuilt-algorithm';
import { theme } from './theme';

/** The design token antd's components see under a provider with `config`. */
const tokenUnder = (config: ThemeConfig) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ConfigProvider theme={config}>{children}</ConfigProvider>
  );
  const { result } = renderHook(() => antdTheme.useToken(), { wrapper });
  return result.current;
};

describe('the theme map token derived at build time', () => {
  it('is the token antd derives at run time, and antd takes it instead of deriving', () => {
    const baked = JSON.parse(JSON.stringify(bakeMapToken())) as ReturnType<typeof bakeMapToken>;
    const derive = vi.fn(antdTheme.defaultAlgorithm);
    const prebuilt = tokenUnder({ ...theme, algorithm: prebuiltAlgorithm(baked, derive) });
    const runtime = tokenUnder(theme);
    expect(derive).not.toHaveBeenCalled();
    expect(prebuilt.token).toEqual(runtime.token);
    expect(prebuilt.token.colorPrimary).toBe('#4f46e5');
    // The same token key: the styles baked at build time (antd-bake.tsx) still match.
    expect((prebuilt.token as { _tokenKey?: string })._tokenKey).toBe(
      (runtime.token as { _tokenKey?: string })._tokenKey,
    );
  });

  it('derives any other seed as antd would', () => {
    const baked = bakeMapToken();
    const derive = vi.fn(antdTheme.defaultAlgorithm);
    const algorithm = prebuiltAlgorithm(baked, derive);
    const other = { ...baked.seed, colorPrimary: '#16a34a' };
    expect(algorithm(other)).toEqual(antdTheme.defaultAlgorithm(other));
    expect(derive).toHaveBeenCalledTimes(1);
    expect(algorithm({ ...baked.seed })).toEqual(baked.map);
    expect(derive).toHaveBeenCalledTimes(1);
  });

  it('leaves the theme alone where the build made no token (development, tests)', () => {
    expect(withPrebuiltAlgorithm(theme, undefined)).toBe(theme);
    expect(withPrebuiltAlgorithm(theme, bakeMapToken()).algorithm).toBeTypeOf('function');
  });
});
