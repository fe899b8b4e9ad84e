import type { ToolFamily } from '@huijing/tools';

/** Each family has a hue band; tools spread across it so neighbouring tiles differ. */
const hueBands: Record<ToolFamily, [number, number]> = {
  render: [228, 268],
  edit: [170, 205],
  generate: [290, 335],
};

const hashOf = (text: string) => {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
};

/** An app-icon style tile with the first character of the tool's Chinese name. */
export const ToolGlyph = ({
  family,
  seed,
  label,
  size = 44,
}: {
  family: ToolFamily;
  seed: string;
  label: string;
  size?: number;
}) => {
  const [from, to] = hueBands[family];
  const hue = from + (hashOf(seed) % (to - from));
  const char = Array.from(label)[0] ?? '绘';
  return (
    <span
      className="hj-glyph"
      aria-hidden
      style={{
        width: size,
        height: size,
        fontSize: size * 0.44,
        background: `linear-gradient(135deg, hsl(${hue} 85% 62%), hsl(${hue + 18} 70% 42%))`,
        boxShadow: `0 8px 18px -8px hsl(${hue} 80% 45% / 0.6)`,
      }}
    >
      {char}
    </span>
  );
};
