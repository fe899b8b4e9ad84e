import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

export interface MediaInfo {
  width: number;
  height: number;
  /** Seconds, for videos and animations. */
  duration?: number;
}

export const imageInfo = async (file: string): Promise<MediaInfo> => {
  const meta = await sharp(file, { animated: true }).metadata();
  const height = meta.pageHeight ?? meta.height;
  const duration = meta.delay?.length ? meta.delay.reduce((a, b) => a + b, 0) / 1000 : undefined;
  return { width: meta.width, height, duration };
};

const ffmpegPath = (): string | undefined => {
  try {
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    return undefined;
  }
};

/**
 * Size and length of a video from `ffmpeg -i`'s stream summary (the bundled ffmpeg has no
 * ffprobe beside it). Undefined when ffmpeg is missing or cannot read the file, and the caller
 * falls back to the input's size.
 */
export const videoInfo = (file: string): Promise<MediaInfo | undefined> =>
  new Promise((resolve) => {
    const bin = ffmpegPath();
    if (!bin) return resolve(undefined);
    // ffmpeg exits 1 without an output file; the summary we want is on stderr either way.
    execFile(bin, ['-hide_banner', '-i', file], { timeout: 15_000 }, (_err, _out, stderr) => {
      const size = /Stream #\S+.*Video: .*?(\d{2,5})x(\d{2,5})/.exec(stderr);
      if (!size) return resolve(undefined);
      const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
      const duration = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : undefined;
      resolve({ width: Number(size[1]), height: Number(size[2]), duration });
    });
  });
