import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { resolveBinaries, runProcess } from '../../engines/local/ffmpeg-runner';

/** The text on gpt/video outputs a non-member downloads (spec §9; docs/payments.md). */
export const WATERMARK_TEXT = '绘境 AI 生成';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mark as a transparent PNG the size of the picture: light text with a soft dark shadow in the
 * bottom-right corner, about 3.2 % of the shorter side (at least 12 px), inset by most of its
 * height — the layout the browser used to draw at download.
 */
export const watermarkLayer = (width: number, height: number, text = WATERMARK_TEXT) => {
  const size = Math.max(12, Math.round(Math.min(width, height) * 0.032));
  const margin = Math.round(size * 0.8);
  const blur = Math.max(1, Math.round(size * 0.12));
  const x = width - margin;
  const y = height - margin;
  const font = `font-family="WenQuanYi Zen Hei, Noto Sans CJK SC, Source Han Sans SC, PingFang SC, Microsoft YaHei, sans-serif" font-size="${size}" font-weight="600" text-anchor="end"`;
  const body = escapeXml(text);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><filter id="s" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="${blur}"/></filter></defs>
<text x="${x}" y="${y + 1}" ${font} fill="rgb(15,23,42)" fill-opacity="0.55" filter="url(#s)">${body}</text>
<text x="${x}" y="${y}" ${font} fill="rgb(255,255,255)" fill-opacity="0.86">${body}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};

/** An image with the mark, in its own format (PNG stays lossless). */
export const watermarkImage = async (data: Buffer, mime: string, maxPixels: number) => {
  const image = sharp(data, { limitInputPixels: maxPixels });
  const { width, height, hasAlpha } = await image.metadata();
  const layered = image.composite([
    { input: await watermarkLayer(width, height), left: 0, top: 0 },
  ]);
  // The layer's alpha must not become the picture's: an opaque picture stays opaque.
  const marked = hasAlpha ? layered : layered.removeAlpha();
  if (mime === 'image/jpeg') return marked.jpeg({ quality: 92 }).toBuffer();
  if (mime === 'image/webp') return marked.webp({ quality: 92 }).toBuffer();
  return marked.png().toBuffer();
};

/**
 * A video with the mark burnt in: ffmpeg (the system one, else the bundled build) overlays the
 * same PNG layer in a child process; the sound is copied. MP4 → H.264, WebM → VP9.
 */
export const watermarkVideo = async (
  source: string,
  target: string,
  video: { width: number; height: number; mime: string },
  timeoutMs = 10 * 60_000,
) => {
  const layer = `${target}.mark.png`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(layer, await watermarkLayer(video.width, video.height));
  // Like the local engine's encoder (video-common.ts), with the frame rate and sound kept.
  const codec = (
    video.mime === 'video/webm'
      ? '-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -b:v 0 -crf 32'
      : '-c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -movflags +faststart'
  ).split(' ');
  const { ffmpegPath } = resolveBinaries({});
  try {
    await runProcess(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        source,
        '-i',
        layer,
        // The layer is made at the stored size; scale2ref keeps it right if the stream differs.
        '-filter_complex',
        '[1:v][0:v]scale2ref[m][v];[v][m]overlay=0:0',
        ...codec,
        '-c:a',
        'copy',
        target,
      ],
      { signal: AbortSignal.timeout(timeoutMs) },
    );
  } finally {
    await fs.rm(layer, { force: true });
  }
};
