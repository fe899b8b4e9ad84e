import { describe, expect, it } from 'vitest';
import { fileIdOf, isEquirect, panoramaLink, sourceFromSearch } from './panorama-model';

describe('panorama model', () => {
  it('accepts 2:1 pictures (within 4 %) as equirectangular', () => {
    expect(isEquirect(8000, 4000)).toBe(true);
    expect(isEquirect(4096, 2048)).toBe(true);
    expect(isEquirect(6000, 2940)).toBe(true);
    expect(isEquirect(1920, 1080)).toBe(false);
    expect(isEquirect(4000, 4000)).toBe(false);
    expect(isEquirect(0, 0)).toBe(false);
  });

  it('links an owner file and a share token, and reads them back', () => {
    const own = panoramaLink('https://hj.example', { kind: 'file', fileId: 'f_1' });
    expect(own).toBe('https://hj.example/panorama?view=f_1');
    expect(sourceFromSearch(new URL(own!).search)).toEqual({ kind: 'file', fileId: 'f_1' });
    const shared = panoramaLink('https://hj.example', { kind: 'share', token: 'a+b/c' });
    expect(sourceFromSearch(new URL(shared!).search)).toEqual({ kind: 'share', token: 'a+b/c' });
    expect(panoramaLink('https://hj.example', { kind: 'url', url: 'blob:x' })).toBeUndefined();
  });

  it('ignores addresses without a usable source', () => {
    expect(sourceFromSearch('')).toBeUndefined();
    expect(sourceFromSearch('?view=../../etc')).toBeUndefined();
    expect(sourceFromSearch('?share=%20')).toBeUndefined();
  });

  it('finds the file id in our signed links', () => {
    expect(fileIdOf('/api/files/abc-123?exp=1&sig=2')).toBe('abc-123');
    expect(fileIdOf('/api/files/abc/thumb?w=320')).toBe('abc');
    expect(fileIdOf('https://cdn.example/x.png')).toBeUndefined();
  });
});
