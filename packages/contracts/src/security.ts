import { z } from 'zod';

/**
 * Characters a name shown to other people must not contain: control characters (NUL, escapes,
 * line breaks) and the Unicode bidirectional controls (U+202E "right-to-left override" and
 * friends), which make a name display as something else ("gnp.exe" shown as "exe.png").
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_DISPLAY = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

export const isSafeDisplayText = (value: string): boolean => !UNSAFE_DISPLAY.test(value);

/** A trimmed display name (nickname, admin display name) of 1…max visible characters. */
export const displayNameSchema = (max: number, label = '名称') =>
  z
    .string()
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多 ${max} 个字`)
    .refine(isSafeDisplayText, { message: `${label}不能包含控制字符或文字方向控制符` });

/**
 * A link we publish for people to follow: https:// only, or a path on this site ("/downloads/…").
 * Refuses http:, javascript:, data: and protocol-relative "//evil.example/x.exe" (also "/\\…",
 * which browsers read the same way).
 */
export const isSafePublishedUrl = (value: string): boolean => {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  if (!/^https:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  );
};
