import { useId } from 'react';

/**
 * Sketch → render: one room drawn twice, as a line drawing on the left and as a finished render
 * on the right, split by a comparison handle. Pure SVG so nothing is fetched.
 */
interface Shape {
  d: string;
  fill: string;
}

const room = (g: (name: string) => string): Shape[] => [
  { d: 'M0 0 H560 L420 70 H140 Z', fill: '#f4eee6' },
  { d: 'M140 70 H420 V270 H140 Z', fill: g('wall') },
  { d: 'M0 0 L140 70 V270 L0 400 Z', fill: '#e6d8c3' },
  { d: 'M560 0 L420 70 V270 L560 400 Z', fill: '#d9c6aa' },
  { d: 'M140 270 H420 L560 400 H0 Z', fill: g('floor') },
  // window and the view through it
  { d: 'M306 94 H402 V216 H306 Z', fill: g('sky') },
  { d: 'M306 176 Q330 160 352 174 T402 168 V216 H306 Z', fill: '#7fb58f' },
  { d: 'M306 94 H402 V216 H306 Z M352 94 V216 M306 150 H402', fill: 'none' },
  // art frame
  { d: 'M168 106 H236 V160 H168 Z', fill: g('art') },
  // sunlight on the floor
  { d: 'M306 216 H402 L470 330 H330 Z', fill: 'rgba(255,247,225,0.45)' },
  // rug
  { d: 'M150 292 H410 L462 352 H98 Z', fill: '#efe7db' },
  // sofa
  { d: 'M196 184 H364 Q372 184 372 192 V224 H188 V192 Q188 184 196 184 Z', fill: '#8a9bb8' },
  { d: 'M178 214 H382 Q392 214 392 224 V262 H168 V224 Q168 214 178 214 Z', fill: '#7587a7' },
  { d: 'M208 196 H252 V222 H208 Z', fill: '#f2c46d' },
  { d: 'M304 196 H350 V222 H304 Z', fill: '#e98f5a' },
  { d: 'M176 262 V272 M384 262 V272', fill: 'none' },
  // coffee table
  { d: 'M220 300 Q280 282 340 300 Q280 318 220 300 Z', fill: '#5b4636' },
  { d: 'M236 304 V330 M324 304 V330 M280 312 V338', fill: 'none' },
  // pendant
  { d: 'M280 0 V92', fill: 'none' },
  { d: 'M258 112 L280 90 L302 112 Z', fill: '#f7d58b' },
  // plant
  { d: 'M446 300 H486 L480 346 H452 Z', fill: '#d8cfc4' },
  {
    d: 'M466 300 Q440 270 446 240 Q462 262 466 300 Q470 256 492 236 Q494 272 466 300 Q452 250 466 220 Q480 252 466 300 Z',
    fill: '#4f9469',
  },
  // floor lamp
  { d: 'M92 206 V336 M78 336 H106', fill: 'none' },
  { d: 'M74 206 H110 L102 180 H82 Z', fill: '#f3e2bf' },
];

export const HeroIllustration = () => {
  const id = useId();
  const g = (name: string) => `url(#${id}${name})`;
  const shapes = room(g);
  return (
    <svg
      viewBox="0 0 560 400"
      className="hj-hero-art__svg"
      role="img"
      aria-label="线稿一键渲染为写实效果图的对比示意"
    >
      <defs>
        <linearGradient id={`${id}wall`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f1e6d6" />
          <stop offset="1" stopColor="#e4d2b8" />
        </linearGradient>
        <linearGradient id={`${id}floor`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#c9a178" />
          <stop offset="1" stopColor="#9c7049" />
        </linearGradient>
        <linearGradient id={`${id}sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#a9d8ff" />
          <stop offset="1" stopColor="#e3f4ff" />
        </linearGradient>
        <linearGradient id={`${id}art`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e3a5f" />
          <stop offset="0.55" stopColor="#e2b86b" />
          <stop offset="1" stopColor="#c2603d" />
        </linearGradient>
        <radialGradient id={`${id}glow`} cx="0.5" cy="0.3" r="0.5">
          <stop offset="0" stopColor="rgba(255,226,150,0.55)" />
          <stop offset="1" stopColor="rgba(255,226,150,0)" />
        </radialGradient>
        <pattern id={`${id}grid`} width="20" height="20" patternUnits="userSpaceOnUse">
          <path d="M20 0 H0 V20" fill="none" stroke="#e2e8f0" strokeWidth="1" />
        </pattern>
        <clipPath id={`${id}left`}>
          <rect x="0" y="0" width="280" height="400" />
        </clipPath>
        <clipPath id={`${id}right`}>
          <rect x="280" y="0" width="280" height="400" />
        </clipPath>
      </defs>

      <g clipPath={`url(#${id}left)`}>
        <rect width="560" height="400" fill="#f8fafc" />
        <rect width="560" height="400" fill={g('grid')} />
        <g stroke="#cbd5e1" strokeDasharray="4 6" strokeWidth="1">
          <path d="M0 0 L280 140 M0 400 L280 140 M560 0 L280 140" />
        </g>
        <g
          fill="none"
          stroke="#475569"
          strokeWidth="1.6"
          strokeLinejoin="round"
          strokeLinecap="round"
        >
          {shapes.map((s, i) => (
            <path key={i} d={s.d} />
          ))}
        </g>
      </g>

      <g clipPath={`url(#${id}right)`}>
        {shapes.map((s, i) =>
          s.fill === 'none' ? (
            <path
              key={i}
              d={s.d}
              fill="none"
              stroke="#3f3328"
              strokeWidth="3"
              strokeLinecap="round"
            />
          ) : (
            <path key={i} d={s.d} fill={s.fill} />
          ),
        )}
        <g stroke="rgba(90,60,35,0.25)" strokeWidth="1.2">
          <path d="M210 270 L140 400 M280 270 V400 M350 270 L420 400 M420 270 L560 360" />
        </g>
        <ellipse cx="280" cy="150" rx="150" ry="110" fill={g('glow')} />
      </g>

      <line x1="280" y1="0" x2="280" y2="400" stroke="#fff" strokeWidth="3" />
      <g transform="translate(280 200)">
        <circle r="20" fill="#fff" />
        <circle r="20" fill="none" stroke="rgba(79,70,229,0.25)" strokeWidth="6" />
        <path
          d="M-6 -6 L-12 0 L-6 6 M6 -6 L12 0 L6 6"
          fill="none"
          stroke="#4f46e5"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
};
