import { describe, expect, it } from 'vitest';
import * as c from './constants';

// Guards the business constants of spec §9 against accidental edits.
describe('spec §9 constants', () => {
  it('match the specification', () => {
    expect(c.REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(c.CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(c.SMS_COUNTDOWN_SECONDS).toBe(60);
    expect(c.CN_STRENGTH_DEFAULT).toBe(0.75);
    expect(c.CN_STRENGTH_INDOOR_EXTERIOR).toBe(0.7);
    expect(c.BRUSH_SIZE_DEFAULT).toBe(25);
    expect(c.DEFAULT_LIST_TAB).toBe(1);
    expect([c.TOAST_TOP, c.TOAST_MAX_COUNT]).toEqual([200, 2]);
    expect(c.QUERY_STALE_TIME_MS).toBe(300_000);
    expect(c.FOCUS_REFETCH_SPAN_MS).toBe(5_000);
    expect(c.PAGE_SIZE).toBe(10);
    expect([c.IMAGE_MAX_SIDE, c.IMAGE_DOWNSCALE_SIDE]).toEqual([4000, 1024]);
    expect(c.DOWNLOAD_ZIP_NAME).toBe('photo.zip');
    expect([c.API_PREFIX, c.BASE_PATH]).toEqual(['/api', '/']);
  });
});
