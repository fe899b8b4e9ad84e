import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SampleKind, SamplePicture, Samples } from '@huijing/contracts';
import { StorageNotFoundError, type StoragePort } from '../../providers/storage';

/**
 * Where example pictures live. Made here by `npm run samples`: in storage under `samples/` (local
 * disk or S3, like every other file) with `samples/manifest.json` saying what made each. Shipped
 * with the code: `apps/server/samples/` (the local engine's tool examples, small WebP files made
 * on a developer's machine by the same command with `--bundle`), so a fresh clone shows them.
 * A picture made here wins over the shipped one of the same id.
 */

export const SAMPLE_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/;
export const MANIFEST_NAME = 'manifest.json';
const PREFIX = 'samples/';

const entrySchema = z.object({
  kind: z.enum(['style', 'room', 'tool']),
  id: z.string(),
  file: z.string().regex(SAMPLE_FILE),
  beforeFile: z.string().regex(SAMPLE_FILE).nullable(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  engine: z.string(),
  model: z.string().nullable(),
  prompt: z.string().nullable(),
  madeAt: z.string(),
});
export type SampleEntry = z.infer<typeof entrySchema>;
const manifestSchema = z.object({ version: z.literal(1), entries: z.array(entrySchema) });

export const entryKey = (kind: SampleKind, id: string) => `${kind}:${id}`;
export const sampleFileName = (kind: SampleKind, id: string) => `${kind}-${id}.webp`;

const parseManifest = (text: string | undefined): SampleEntry[] => {
  if (!text) return [];
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.entries : [];
  } catch {
    return [];
  }
};

/** A place example pictures are written to and read from: storage, or the shipped directory. */
export interface SampleSink {
  readonly label: string;
  entries(): Promise<SampleEntry[]>;
  has(file: string): Promise<boolean>;
  put(file: string, data: Buffer): Promise<void>;
  read(file: string): Promise<Buffer | undefined>;
  saveEntries(entries: SampleEntry[]): Promise<void>;
}

const manifestText = (entries: SampleEntry[]) =>
  `${JSON.stringify(
    {
      version: 1,
      entries: [...entries].sort((a, b) =>
        entryKey(a.kind, a.id).localeCompare(entryKey(b.kind, b.id)),
      ),
    },
    null,
    2,
  )}\n`;

export const storageSink = (storage: StoragePort): SampleSink => {
  const read = async (file: string) => {
    try {
      return await storage.read(PREFIX + file);
    } catch (error) {
      if (error instanceof StorageNotFoundError) return undefined;
      throw error;
    }
  };
  return {
    label: storage.driver === 's3' ? '对象存储（S3）' : '本地存储',
    entries: async () => parseManifest((await read(MANIFEST_NAME))?.toString('utf8')),
    has: async (file) => (await read(file)) !== undefined,
    put: (file, data) => storage.put(PREFIX + file, data, 'image/webp'),
    read,
    saveEntries: (entries) =>
      storage.put(PREFIX + MANIFEST_NAME, Buffer.from(manifestText(entries)), 'application/json'),
  };
};

/** The shipped set: apps/server/samples, from the sources (tsx) and from the bundle (dist). */
export const bundledDir = (): string => {
  const here = fileURLToPath(import.meta.url);
  return here.endsWith('.ts')
    ? path.resolve(path.dirname(here), '../../../samples')
    : path.resolve(path.dirname(here), '../samples');
};

export const dirSink = (dir: string): SampleSink => {
  const read = async (file: string) => fs.readFile(path.join(dir, file)).catch(() => undefined);
  return {
    label: dir,
    entries: async () => parseManifest((await read(MANIFEST_NAME))?.toString('utf8')),
    has: async (file) => (await read(file)) !== undefined,
    put: async (file, data) => {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, file), data);
    },
    read,
    saveEntries: async (entries) => {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, MANIFEST_NAME), manifestText(entries));
    },
  };
};

const version = (entry: SampleEntry) =>
  createHash('sha256').update(`${entry.file}${entry.madeAt}`).digest('hex').slice(0, 10);

export const fileUrl = (file: string, v: string) => `/api/ai/samples/file/${file}?v=${v}`;

const picture = (entry: SampleEntry, bundled: boolean): SamplePicture => {
  const v = version(entry);
  return {
    url: fileUrl(entry.file, v),
    width: entry.width,
    height: entry.height,
    beforeUrl: entry.beforeFile ? fileUrl(entry.beforeFile, v) : null,
    engine: entry.engine,
    model: entry.model,
    prompt: entry.prompt,
    madeAt: entry.madeAt,
    bundled,
  };
};

/**
 * The answer of GET /api/ai/samples and the bytes behind its URLs: pictures made here over the
 * shipped ones, read again at most every `cacheMs` (a regeneration shows within that time).
 */
export const createSamplesCatalog = (deps: {
  made: SampleSink;
  shipped: SampleSink;
  cacheMs?: number;
}) => {
  let cached: { at: number; samples: Samples; files: Map<string, SampleSink> } | undefined;
  const load = async () => {
    if (cached && Date.now() - cached.at < (deps.cacheMs ?? 30_000)) return cached;
    const samples: Samples = { style: {}, room: {}, tool: {} };
    const files = new Map<string, SampleSink>();
    const add = (entries: SampleEntry[], sink: SampleSink, bundled: boolean) => {
      for (const e of entries) {
        samples[e.kind][e.id] = picture(e, bundled);
        files.set(e.file, sink);
        if (e.beforeFile) files.set(e.beforeFile, sink);
      }
    };
    add(await deps.shipped.entries(), deps.shipped, true);
    add(await deps.made.entries().catch(() => []), deps.made, false);
    cached = { at: Date.now(), samples, files };
    return cached;
  };
  return {
    samples: async () => (await load()).samples,
    /** A listed picture's bytes; undefined for anything the manifests do not list. */
    file: async (name: string): Promise<Buffer | undefined> => {
      if (!SAMPLE_FILE.test(name)) return undefined;
      const sink = (await load()).files.get(name);
      return sink ? sink.read(name) : undefined;
    },
    forget: () => {
      cached = undefined;
    },
  };
};
export type SamplesCatalog = ReturnType<typeof createSamplesCatalog>;
