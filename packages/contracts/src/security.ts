import { z } from 'zod';

/**
 * Characters text shown to other people must not contain: control characters (NUL, escapes,
 * line breaks) and the Unicode bidirectional controls (U+202E "right-to-left override" and
 * friends), which make text display as something else ("gnp.exe" shown as "exe.png", a feedback
 * read backwards in the admin). Written as a negated character class (`.regex`) so the rule
 * also converts to JSON Schema (the web's build-time checks).
 */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const SAFE_LINE = new RegExp(`^[^\\u0000-\\u001f\\u007f-\\u009f${BIDI}]*$`);
/** Multi-line text (feedback, descriptions): tabs and line breaks are fine, the rest is not. */
const SAFE_TEXT = new RegExp(
  `^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI}]*$`,
);

export const isSafeDisplayText = (value: string): boolean => SAFE_LINE.test(value);

export type UserTextOptions = {
  /** Names the field in the messages, e.g. 标题. */
  label?: string;
  /** Fewest characters after trimming (default 0: may be empty). */
  min?: number;
  /** Line breaks and tabs allowed (feedback, descriptions); otherwise one line. */
  multiline?: boolean;
  tooShort?: string;
  tooLong?: string;
};

/**
 * Every string a person writes for others to read (titles, tags, names, feedback, contact
 * forms, notes): trimmed, at most `max` characters, never control or text-direction characters.
 */
export const userTextSchema = (max: number, options: UserTextOptions = {}) => {
  const { label = '内容', min = 0, multiline = false } = options;
  const base = z.string().trim();
  const sized = (
    min > 0
      ? base.min(
          min,
          options.tooShort ?? (min === 1 ? `${label}不能为空` : `${label}至少 ${min} 个字`),
        )
      : base
  ).max(max, options.tooLong ?? `${label}最多 ${max} 个字`);
  return sized.regex(multiline ? SAFE_TEXT : SAFE_LINE, {
    message: `${label}不能包含控制字符或文字方向控制符`,
  });
};

/** A trimmed display name (nickname, admin display name) of 1…max visible characters. */
export const displayNameSchema = (max: number, label = '名称') =>
  userTextSchema(max, { label, min: 1 });

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
