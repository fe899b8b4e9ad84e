import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Clock } from '../../config/clock';
import { newId } from '../../db/ids';
import { AppError } from '../../http/app-error';
import { StorageNotFoundError, writeAtomically } from '../../providers/storage';
import type { StoragePort } from '../../providers/storage';
import type { FilesRepository, StoredFile } from './files.repository';
import { decodeDataUrl, ingestImage } from './image-ingest';
import { watermarkImage, watermarkVideo } from './watermark';

export type FilesService = ReturnType<typeof createFilesService>;
/** A file whose bytes are stored but whose row is not inserted yet. */
export type UnrecordedFile = Omit<StoredFile, 'isPublic'>;

/** A signed link lives at least an hour; expiries are rounded so links stay cache-stable. */
const HOUR_MS = 3_600_000;
export const THUMB_WIDTHS = [160, 320, 640, 1024] as const;

export type FileLinks = { url: string; thumbUrl: string | null };

const storageKeyFor = (id: string, ext: string, at: Date) =>
  `${at.toISOString().slice(0, 7).replace('-', '/')}/${id}.${ext}`;

const extOf = (mime: string) =>
  ({
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
  })[mime] ?? 'bin';

export const createFilesService = (deps: {
  repo: FilesRepository;
  storage: StoragePort;
  secret: () => Promise<string>;
  now: Clock;
  maxPixels: number;
  /** Thumbnail cache directory (DATA_DIR/cache/thumbs). */
  thumbDir: string;
  /** Whether the user's membership runs now: members get gpt/video outputs without the mark. */
  isVip?: (userId: string) => Promise<boolean>;
}) => {
  /** Where a watermarked copy is kept beside the original (made once, then served from storage). */
  const markedKey = (file: StoredFile) => `watermarked/${file.storageKey}`;
  const rendering = new Map<string, Promise<Buffer>>();

  /** A marked output is served with the mark unless its owner is a member now. */
  const servesMarked = async (file: StoredFile) =>
    file.watermark && !((await deps.isVip?.(file.userId)) ?? false);

  const renderMarked = async (file: StoredFile): Promise<Buffer> => {
    if (file.mime.startsWith('image/')) {
      const source = await missingAs404(deps.storage.read(file.storageKey));
      return watermarkImage(source, file.mime, deps.maxPixels);
    }
    const scratch = path.join(deps.thumbDir, '..', 'watermark', `${file.id}-${process.pid}`);
    try {
      const source = await missingAs404(deps.storage.localPath(file.storageKey, scratch));
      const target = path.join(scratch, `marked.${extOf(file.mime)}`);
      await watermarkVideo(source, target, file);
      return await fs.readFile(target);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  };

  /** The watermarked copy: from storage when made before, else made now (once per process). */
  const marked = async (file: StoredFile): Promise<Buffer> => {
    const key = markedKey(file);
    const hit = await deps.storage.read(key).catch((e: unknown) => {
      if (e instanceof StorageNotFoundError) return undefined;
      throw e;
    });
    if (hit) return hit;
    let pending = rendering.get(key);
    if (!pending) {
      pending = renderMarked(file)
        .then(async (data) => {
          await deps.storage.put(key, data, file.mime);
          return data;
        })
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };

  const sign = async (id: string, exp: number) =>
    createHmac('sha256', await deps.secret())
      .update(`file:${id}:${exp}`)
      .digest('base64url')
      .slice(0, 32);

  const links = async (file: Pick<StoredFile, 'id' | 'mime'>): Promise<FileLinks> => {
    const exp = Math.ceil(deps.now().getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    const q = `exp=${exp}&sig=${await sign(file.id, exp)}`;
    return {
      url: `/api/files/${file.id}?${q}`,
      thumbUrl: file.mime.startsWith('image/') ? `/api/files/${file.id}/thumb?w=320&${q}` : null,
    };
  };

  /** The bytes in storage, not yet a row: the caller inserts it (insertFile) or discards it. */
  const write = async (
    userId: string,
    kind: StoredFile['kind'],
    data: Buffer,
    meta: { mime: string; width: number; height: number; duration?: number | null },
    watermark = false,
  ): Promise<UnrecordedFile> => {
    const at = deps.now();
    const id = newId();
    const storageKey = storageKeyFor(id, extOf(meta.mime), at);
    await deps.storage.put(storageKey, data, meta.mime);
    return {
      id,
      userId,
      kind,
      mime: meta.mime,
      width: meta.width,
      height: meta.height,
      bytes: data.length,
      duration: meta.duration ?? null,
      storageKey,
      watermark,
      createdAt: at.toISOString(),
    };
  };

  /**
   * Removes written bytes no row will point at (a failed or lost commit). Best effort: what
   * cannot be removed now is an orphan the periodic sweep removes (orphan-files.ts).
   */
  const discard = async (files: readonly UnrecordedFile[]): Promise<void> => {
    for (const file of files) await deps.storage.delete(file.storageKey).catch(() => {});
  };

  const store = async (...args: Parameters<typeof write>): Promise<StoredFile> => {
    const file = await write(...args);
    try {
      return await deps.repo.insertFile(file);
    } catch (error) {
      await discard([file]);
      throw error;
    }
  };

  /** Whether an output is served marked: a gpt (3) or video (4) ticket run by a non-member. */
  const marksOutput = async (
    userId: string,
    kind: 'output' | 'mask',
    run?: { ticketType: number },
  ) =>
    kind === 'output' &&
    (run?.ticketType === 3 || run?.ticketType === 4) &&
    !((await deps.isVip?.(userId)) ?? false);

  /** The bytes a reader gets: the original, or for a non-member's gpt/video output the marked copy. */
  const openStored = async (file: StoredFile): Promise<{ file: StoredFile; stream: Readable }> => {
    if (await servesMarked(file)) {
      const data = await marked(file);
      return { file: { ...file, bytes: data.length }, stream: Readable.from([data]) };
    }
    return { file, stream: await missingAs404(deps.storage.stream(file.storageKey)) };
  };

  const thumbOf = async (
    file: StoredFile,
    width: number,
    format: 'webp' | 'jpeg',
  ): Promise<{ data: Buffer; mime: string; watermark: boolean }> => {
    if (!file.mime.startsWith('image/')) throw new AppError('FILE_NOT_FOUND');
    const { watermark } = file;
    const w = THUMB_WIDTHS.find((t) => t >= width) ?? THUMB_WIDTHS.at(-1)!;
    // A non-member's marked output has thumbnails of the marked copy (a 1024 px one is a picture).
    const mark = await servesMarked(file);
    const cached = path.join(deps.thumbDir, `${file.id}${mark ? '-wm' : ''}-${w}.${format}`);
    const mime = format === 'webp' ? 'image/webp' : 'image/jpeg';
    const hit = await fs.readFile(cached).catch(() => undefined);
    if (hit) return { data: hit, mime, watermark };
    const source = mark
      ? await marked(file)
      : await missingAs404(deps.storage.read(file.storageKey));
    const pipeline = sharp(source, { limitInputPixels: deps.maxPixels }).resize({
      width: w,
      height: w,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const data =
      format === 'webp'
        ? await pipeline.webp({ quality: 80 }).toBuffer()
        : await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
    await fs.mkdir(deps.thumbDir, { recursive: true });
    await writeAtomically(cached, (tmp) => fs.writeFile(tmp, data));
    return { data, mime, watermark };
  };

  /** A file someone was granted through another check (a live share link): no signature. */
  const granted = async (id: string) => {
    const file = await deps.repo.findFile(id);
    if (!file) throw new AppError('FILE_NOT_FOUND');
    return file;
  };

  const readable = async (
    id: string,
    access: { exp?: string; sig?: string; userId?: string },
  ): Promise<StoredFile> => {
    const file = await deps.repo.findFile(id);
    if (!file) throw new AppError('FILE_NOT_FOUND');
    if (file.isPublic || (access.userId !== undefined && access.userId === file.userId)) {
      return file;
    }
    const exp = Number(access.exp);
    if (!access.sig || !Number.isSafeInteger(exp) || exp < deps.now().getTime()) {
      throw new AppError('FILE_NOT_FOUND');
    }
    const expected = Buffer.from(await sign(id, exp));
    const given = Buffer.from(access.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('FILE_NOT_FOUND');
    }
    return file;
  };

  // A row whose stored object is gone (deleted by hand, lost bucket) is a missing file to the
  // user, not a server error.
  const missingAs404 = <T>(p: Promise<T>): Promise<T> =>
    p.catch((e: unknown) => {
      throw e instanceof StorageNotFoundError ? new AppError('FILE_NOT_FOUND', { cause: e }) : e;
    });

  return {
    links,

    /** An uploaded image (multipart bytes or a data URL's), checked and re-encoded. */
    async ingestUpload(userId: string, input: Buffer | string, kind: 'upload' | 'mask' = 'upload') {
      const bytes = typeof input === 'string' ? decodeDataUrl(input) : input;
      const image = await ingestImage(bytes, { maxPixels: deps.maxPixels });
      const file = await store(userId, kind, image.data, image);
      return { file, resized: image.resized };
    },

    /**
     * A file an engine produced (already on local disk in the task's work directory). An output of
     * a gpt-ticket (3) or video-ticket (4) run made while its owner is not a member is marked: it
     * is served watermarked until the owner is a member (docs/payments.md).
     */
    async storeOutput(
      userId: string,
      output: { path: string; mime: string; width: number; height: number; duration?: number },
      kind: 'output' | 'mask' = 'output',
      run?: { ticketType: number },
    ) {
      const watermark = await marksOutput(userId, kind, run);
      return store(userId, kind, await fs.readFile(output.path), output, watermark);
    },

    /**
     * Like storeOutput, but only the bytes: the row goes in the caller's transaction
     * (FilesRepository.insertFile) with the change that refers to it, or discard removes them.
     */
    async writeOutput(
      userId: string,
      output: { path: string; mime: string; width: number; height: number; duration?: number },
      run?: { ticketType: number },
    ): Promise<UnrecordedFile> {
      const watermark = await marksOutput(userId, 'output', run);
      return write(userId, 'output', await fs.readFile(output.path), output, watermark);
    },

    discard,

    ownedFiles: (userId: string, ids: string[]) => deps.repo.findOwnedFiles(userId, ids),

    /**
     * Fresh links for the owner's files, in the order asked; ids that are unknown or someone
     * else's are left out (the page drops those inputs), never an error.
     */
    async freshLinks(
      userId: string,
      ids: string[],
    ): Promise<Array<FileLinks & { fileId: string }>> {
      const unique = [...new Set(ids)];
      const owned = new Map(
        (await deps.repo.findOwnedFiles(userId, unique)).map((f) => [f.id, f] as const),
      );
      const found = unique.flatMap((id) => {
        const file = owned.get(id);
        return file ? [file] : [];
      });
      return Promise.all(found.map(async (f) => ({ fileId: f.id, ...(await links(f)) })));
    },

    /**
     * A file on local disk for an engine's input. A non-member's marked output goes in marked,
     * so feeding it to another tool (even a ticket-1 one) never yields the clean picture.
     */
    async localPath(file: StoredFile, scratchDir: string) {
      if (!(await servesMarked(file))) return deps.storage.localPath(file.storageKey, scratchDir);
      const target = path.join(scratchDir, `${file.id}-marked.${extOf(file.mime)}`);
      await fs.mkdir(scratchDir, { recursive: true });
      await fs.writeFile(target, await marked(file));
      return target;
    },

    async open(
      id: string,
      access: { exp?: string; sig?: string; userId?: string },
    ): Promise<{ file: StoredFile; stream: Readable }> {
      return openStored(await readable(id, access));
    },

    /** A WebP or JPEG thumbnail (by what the browser accepts), cached on disk. */
    async thumbnail(
      id: string,
      access: { exp?: string; sig?: string; userId?: string },
      width: number,
      format: 'webp' | 'jpeg',
    ): Promise<{ data: Buffer; mime: string; watermark: boolean }> {
      return thumbOf(await readable(id, access), width, format);
    },

    /** For a caller that checked the permission itself (the share link's token). */
    openGranted: async (id: string) => openStored(await granted(id)),
    thumbnailGranted: async (id: string, width: number, format: 'webp' | 'jpeg') =>
      thumbOf(await granted(id), width, format),

    /**
     * Removes the owner's files for good: the row first (kept, with its bytes, while something
     * still references it, such as a published gallery item), then the stored object and every
     * cached thumbnail. Signed links to a removed file answer 404 from then on.
     */
    async remove(userId: string, ids: string[]): Promise<number> {
      let removed = 0;
      for (const file of await deps.repo.findOwnedFiles(userId, [...new Set(ids)])) {
        if (!(await deps.repo.deleteOwnedFile(userId, file.id))) continue;
        removed += 1;
        for (const key of file.watermark ? [file.storageKey, markedKey(file)] : [file.storageKey])
          await deps.storage.delete(key).catch((e: unknown) => {
            if (!(e instanceof StorageNotFoundError)) throw e;
          });
        await Promise.all(
          THUMB_WIDTHS.flatMap((w) =>
            ['webp', 'jpeg'].flatMap((f) =>
              ['', '-wm'].map((m) =>
                fs.rm(path.join(deps.thumbDir, `${file.id}${m}-${w}.${f}`), { force: true }),
              ),
            ),
          ),
        );
      }
      return removed;
    },
  };
};
