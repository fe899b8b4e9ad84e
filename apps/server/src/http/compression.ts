import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is worth compressing on the fly: JSON, text, scripts, styles, SVG. Not event streams
 * (a compressor buffers, so events would arrive late), not images, video, zips or octet
 * streams (already compressed, or downloads whose length the browser shows).
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?json\b|application\/javascript\b|image\/svg\+xml\b|application\/xml\b)/i;

export const isCompressibleType = (contentType: string): boolean => COMPRESSIBLE.test(contentType);

/**
 * API answers over 1 KB leave brotli- or gzip-compressed. Registered before @fastify/static so
 * its hook sees the web files too; those already carry Content-Encoding from the build's .br and
 * .gz copies (preCompressed) and are passed through untouched. Brotli runs at quality 4: level 11
 * is for build time, per request it would cost more CPU than the bytes are worth.
 */
export const registerCompression = async (app: FastifyInstance) => {
  await app.register(compress, {
    global: true,
    // Request bodies are read raw (payment notifies verify signatures over them).
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: isCompressibleType,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
};
