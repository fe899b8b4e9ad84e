import { use, useEffect, useReducer, useRef } from 'react';
import { keptLoad } from '../../../lib/kept-load';
import { uploadImage, ToolApiError } from '../api/tools.api';
import type { InputImage } from '../store/family-stores';
import type { MaskDocument } from './mask-model';
import { clickMask } from './mask.api';
import type { SegmentFn } from './mask-editor';

/**
 * The mask's document and PNG code, for tools with a mask only: the page waits for
 * it (React's `use`) like for its tool's part; ToolPage and useMobileRun ask for it beside the
 * part, before either is in.
 */
export const loadMaskLib = keptLoad(() => import('./mask-lib'));
type MaskLib = Awaited<ReturnType<typeof loadMaskLib>>;

export type MaskSaveState = 'empty' | 'dirty' | 'saving' | 'saved' | 'failed';

/** Uploads wait this long after the last edit, so a burst of strokes is one upload. */
export const SAVE_DELAY_MS = 1200;

interface Draft {
  imageFileId: string;
  /** The mask code it was made with (loadMaskLib). */
  lib: MaskLib;
  doc: MaskDocument;
  /** doc.version the server's copy was made from (-1: none). */
  savedVersion: number;
  state: MaskSaveState;
  saving: Promise<string | null> | null;
  /** The saved mask file was read back into the document (after a reload). */
  restored: boolean;
}

// In memory per tool: strokes survive navigating between tools; the saved file (in the family
// store) survives a reload and is read back as the starting layer.
const drafts = new Map<string, Draft>();

/** This tool's draft for this image; a new image starts a new one. */
const draftFor = (lib: MaskLib, toolId: string, image: InputImage): Draft => {
  const known = drafts.get(toolId);
  if (known?.imageFileId === image.fileId) return known;
  const draft: Draft = {
    imageFileId: image.fileId,
    lib,
    doc: new lib.MaskDocument(image.width, image.height),
    savedVersion: -1,
    state: 'empty',
    saving: null,
    restored: false,
  };
  drafts.set(toolId, draft);
  return draft;
};

export interface MaskDraft {
  /** The tool takes a mask and an image is there to draw on. */
  ready: boolean;
  doc: MaskDocument | null;
  state: MaskSaveState;
  /** Share of the image selected, 0–100. */
  percent: number;
  /** Something is selected (saved or not): the start button may be pressed. */
  hasMask: boolean;
  /** Call after each edit: schedules the upload. */
  changed: () => void;
  /**
   * Uploads unsaved edits now and resolves with the mask file id to send (null: nothing is
   * selected). The start button awaits this, so a task never runs on a stale mask.
   */
  flush: () => Promise<string | null>;
  segment: SegmentFn;
}

/**
 * The mask of one tool page: a document at the original image's size, saved as a white-on-black
 * PNG through the normal upload path into the family store's `mask` input.
 */
export const useMaskDraft = (o: {
  enabled: boolean;
  toolId: string;
  image: InputImage | undefined;
  saved: InputImage | undefined;
  onSaved: (mask: InputImage | null) => void;
}): MaskDraft => {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The save the timer will run; run at once when the page goes (navigating to another tool). */
  const pending = useRef<(() => void) | null>(null);
  const onSaved = useRef(o.onSaved);
  useEffect(() => {
    onSaved.current = o.onSaved;
  });

  const { enabled, toolId, image, saved } = o;
  // Same promise on every render (keptLoad); a tool without a mask never asks for it.
  const lib = enabled ? use(loadMaskLib()) : undefined;
  const draft = lib && image ? draftFor(lib, toolId, image) : undefined;

  const setState = (d: Draft, state: MaskSaveState) => {
    d.state = state;
    rerender();
  };

  const save = (d: Draft): Promise<string | null> => {
    clearTimeout(timer.current);
    pending.current = null;
    if (d.saving)
      return d.saving.then(() => (d.savedVersion === d.doc.version ? current(d) : save(d)));
    if (d.savedVersion === d.doc.version) return Promise.resolve(current(d));
    if (d.doc.isEmpty()) {
      d.savedVersion = d.doc.version;
      onSaved.current(null);
      setState(d, 'empty');
      return Promise.resolve(null);
    }
    const version = d.doc.version;
    setState(d, 'saving');
    d.saving = d.lib
      .maskPngBlob(d.doc)
      .then((blob) => uploadImage(blob))
      .then((r) => {
        d.saving = null;
        if (drafts.get(toolId) !== d) return null; // the image changed meanwhile
        d.savedVersion = version;
        savedId.set(d, r.fileId);
        onSaved.current({
          fileId: r.fileId,
          url: r.url,
          thumbUrl: r.thumbUrl,
          width: r.width,
          height: r.height,
        });
        setState(d, d.doc.version === version ? 'saved' : 'dirty');
        return r.fileId;
      })
      .catch((error: unknown) => {
        d.saving = null;
        setState(d, 'failed');
        throw error;
      });
    return d.saving;
  };

  // A restored or just-uploaded mask's file id, per draft.
  const current = (d: Draft) => (d.doc.isEmpty() ? null : (savedId.get(d) ?? null));

  // After a reload: read the saved mask back (only when it was made for an image of this size).
  useEffect(() => {
    if (draft) restoreSaved(draft, saved, onSaved.current, rerender);
  });

  // A new image makes the old mask meaningless.
  const lastImage = useRef(image?.fileId);
  useEffect(() => {
    if (lastImage.current && image?.fileId !== lastImage.current && saved) onSaved.current(null);
    lastImage.current = image?.fileId;
  }, [image?.fileId, saved]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.();
    },
    [],
  );

  const doc = draft?.doc ?? null;
  const percent = doc ? coverage(doc) : 0;
  return {
    ready: Boolean(draft),
    doc,
    state: draft?.state ?? 'empty',
    percent,
    hasMask: doc ? !doc.isEmpty() : Boolean(saved),
    changed: () => {
      if (!draft) return;
      const d = draft;
      setState(d, d.doc.isEmpty() && d.savedVersion < 0 ? 'empty' : 'dirty');
      clearTimeout(timer.current);
      const run = () => {
        pending.current = null;
        save(d).catch(() => undefined);
      };
      pending.current = run;
      timer.current = setTimeout(run, SAVE_DELAY_MS);
    },
    flush: () => (draft ? save(draft) : Promise.resolve(saved?.fileId ?? null)),
    segment: async (points) => {
      if (!image || !lib) return null;
      try {
        const r = await clickMask({ fileId: image.fileId, points });
        return await lib.decodeMask(r.url, image.width, image.height);
      } catch (error) {
        // Server answers were shown by the request layer; the caller shows the rest.
        if (error instanceof ToolApiError || (error as Error).name === 'RequestError') return null;
        throw error;
      }
    },
  };
};

const savedId = new WeakMap<Draft, string>();

/** Once per draft: the saved mask file becomes the document's starting layer. */
const restoreSaved = (
  d: Draft,
  saved: InputImage | undefined,
  onSaved: (mask: InputImage | null) => void,
  done: () => void,
) => {
  if (d.restored) return;
  d.restored = true;
  if (!saved || d.doc.history.length > 0) return;
  if (saved.width !== d.doc.width || saved.height !== d.doc.height) {
    onSaved(null);
    return;
  }
  d.lib.decodeMask(saved.url, d.doc.width, d.doc.height).then(
    (data) => {
      if (d.doc.history.length > 0) return;
      d.doc.setBase(data);
      d.savedVersion = d.doc.version;
      savedId.set(d, saved.fileId);
      d.state = d.doc.isEmpty() ? 'empty' : 'saved';
      done();
    },
    () => onSaved(null),
  );
};

// Counting 16 M pixels on every render of the page is wasteful: once per document version.
const counted = new WeakMap<MaskDocument, { version: number; percent: number }>();
const coverage = (doc: MaskDocument) => {
  const hit = counted.get(doc);
  if (hit?.version === doc.version) return hit.percent;
  const percent = (doc.count() / (doc.width * doc.height)) * 100;
  counted.set(doc, { version: doc.version, percent });
  return percent;
};

/**
 * The task's inputs with the mask flush() just saved (undefined: leave them as they are; null:
 * nothing is selected, send no mask).
 */
export const withMaskInput = <T extends Record<string, string | string[]>>(
  inputs: T,
  maskId: string | null | undefined,
): Record<string, string | string[]> => {
  if (maskId === undefined) return inputs;
  const { mask: _stale, ...rest } = inputs;
  return maskId ? { ...rest, mask: maskId } : rest;
};
