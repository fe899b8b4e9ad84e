/** File sizes as designers read them: 830 B, 12.4 KB, 3.56 MB (1 KB = 1024 bytes, as the OS shows). */
export const formatBytes = (bytes: number): string => {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb < 100 ? kb.toFixed(1) : Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${mb < 100 ? mb.toFixed(2) : Math.round(mb)} MB`;
};

/** How much smaller the result is, in whole percent; negative when it grew. */
export const savedPercent = (before: number, after: number): number =>
  before > 0 ? Math.round((1 - after / before) * 100) : 0;

/** Common upload limits of sites and chat apps, offered as one-tap targets. */
export const targetPresetsKB = [200, 500, 1024, 2048] as const;

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/png': 'png',
};

/** The file extension of an image MIME type, `jpg` when unknown (the engine's usual output). */
export const extensionOf = (type: string) => extensions[type.split(';')[0]!.trim()] ?? 'jpg';

/** The compressed file's download name: it keeps its own format (a PNG would undo the work). */
export const compressedName = (taskId: string, type: string) =>
  `huijing-compress-${taskId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 8)}.${extensionOf(type)}`;
