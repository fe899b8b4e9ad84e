/** Business constants of spec §9, in one place so screens and tests agree. */

/** Every API path starts here (spec §7, §9). */
export const API_PREFIX = '/api';
/** Router base path (spec §2, §9). */
export const BASE_PATH = '/';

/** Client request timeout; the spec's client-wide default is none, the request layer uses this. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A lazily loaded screen that has not arrived after this long counts as a chunk-load failure. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** SMS resend countdown, seconds, counting down to 0. */
export const SMS_COUNTDOWN_SECONDS = 60;

/** Render strength defaults: indoor exterior (window views) uses its own. */
export const CN_STRENGTH_DEFAULT = 0.75;
export const CN_STRENGTH_INDOOR_EXTERIOR = 0.7;
/** Editor brush size in pixels. */
export const BRUSH_SIZE_DEFAULT = 25;

/** The function list opens on its first family tab (tabs are numbered from 1). */
export const DEFAULT_LIST_TAB = 1;

/** Toast placement and crowding (antd message config). */
export const TOAST_TOP = 200;
export const TOAST_MAX_COUNT = 2;

/** Server-state cache lifetime. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
/** A window focus refetches at most once per span. */
export const FOCUS_REFETCH_SPAN_MS = 5_000;

/** Lists page by ten. */
export const PAGE_SIZE = 10;

/** Uploads up to this many pixels per side are used unchanged... */
export const IMAGE_MAX_SIDE = 4000;
/** ...larger ones are redrawn with the longer side at this size. */
export const IMAGE_DOWNSCALE_SIDE = 1024;

/** Name of the archive when several images are downloaded together. */
export const DOWNLOAD_ZIP_NAME = 'photo.zip';
