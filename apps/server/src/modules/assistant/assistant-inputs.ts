import { AppError } from '../../http/app-error';
import type { FilesService } from '../uploads/files.service';
import type { StoredFile } from '../uploads/files.repository';
import { isDataUrl } from '../uploads/image-ingest';

const FILE_URL_ID = /^\/api\/files\/([0-9a-f-]{36})(?:[/?]|$)/i;
const FILE_ID = /^[0-9a-f-]{36}$/i;

/**
 * An image reference from the web: a data URL (spec §3; stored as the user's upload through the
 * one upload pipeline, which checks magic bytes, pixel count and re-encodes), or a file the user
 * already owns (a file id or a `/api/files/…` link, e.g. a follow-up question or a previous edit).
 */
export const resolveImage = async (
  files: FilesService,
  userId: string,
  ref: string,
): Promise<StoredFile> => {
  if (isDataUrl(ref)) return (await files.ingestUpload(userId, ref)).file;
  const id = FILE_URL_ID.exec(ref)?.[1] ?? (FILE_ID.test(ref) ? ref : undefined);
  if (!id) throw new AppError('UPLOAD_INVALID', { message: '图片格式不正确，请重新上传' });
  const [file] = await files.ownedFiles(userId, [id]);
  if (!file || !file.mime.startsWith('image/')) throw new AppError('FILE_NOT_FOUND');
  return file;
};

/** The stored bytes as a data URL: what vision models take without reaching our storage. */
export const imageDataUrl = async (
  files: FilesService,
  file: StoredFile,
  userId: string,
): Promise<string> => {
  const { stream } = await files.open(file.id, { userId });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return `data:${file.mime};base64,${Buffer.concat(chunks).toString('base64')}`;
};

/** Links for an owned image, or null when it is gone. */
export const imageLinks = async (files: FilesService, userId: string, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const owned = wanted.length ? await files.ownedFiles(userId, wanted) : [];
  const out = new Map<string, { fileId: string; url: string; thumbUrl: string | null }>();
  for (const f of owned) out.set(f.id, { fileId: f.id, ...(await files.links(f)) });
  return (id: string | null) => (id ? (out.get(id) ?? null) : null);
};
