import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { EngineFile } from '../../engines/engine';

/**
 * The inputs example pictures are made from, drawn here (SVG rendered by sharp) so they are ours
 * to ship: a living-room view in one-point perspective (walls, oak floor, window, sofa, table,
 * rug, lamp, plant, a picture), the same room in a warm evening palette (a style reference) and
 * emptied of its furniture, a black-and-white floor plan, and a mask over the plant (what object
 * removal takes away).
 */

export const SAMPLE_W = 768;
export const SAMPLE_H = 576;

interface Palette {
  wall: string;
  side: string;
  ceiling: string;
  floor: string;
  plank: string;
  sky: [string, string];
  sofa: string;
  sofaShade: string;
  rug: string;
  accent: string;
  light: string;
}

const day: Palette = {
  wall: '#e9e4dc',
  side: '#d9d2c7',
  ceiling: '#f4f1ec',
  floor: '#c89f72',
  plank: '#b08556',
  sky: ['#9cc7ec', '#e3f0fa'],
  sofa: '#7b8e98',
  sofaShade: '#5f717b',
  rug: '#d8cbb6',
  accent: '#c46b4a',
  light: '#fff6da',
};

const evening: Palette = {
  wall: '#5a4238',
  side: '#4a352c',
  ceiling: '#6b5044',
  floor: '#7a4a2c',
  plank: '#61391f',
  sky: ['#f08a4b', '#fbd38d'],
  sofa: '#b5654a',
  sofaShade: '#8e4a34',
  rug: '#d8a46a',
  accent: '#f2c14e',
  light: '#ffd58a',
};

// The back wall's rectangle; the side walls, floor and ceiling run from it to the frame's corners.
const BX = 184;
const BY = 120;
const BW = 400;
const BH = 270;

const planks = (p: Palette) => {
  const lines: string[] = [];
  for (let i = -8; i <= 8; i++) {
    const x0 = BX + BW / 2 + i * 25;
    const x1 = SAMPLE_W / 2 + i * 48 * 2;
    lines.push(
      `<line x1="${x0}" y1="${BY + BH}" x2="${x1}" y2="${SAMPLE_H}" stroke="${p.plank}" stroke-width="2"/>`,
    );
  }
  return lines.join('');
};

const roomSvg = (
  p: Palette,
  furnished = true,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE_W}" height="${SAMPLE_H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${p.light}" stop-opacity="0.9"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>
    <clipPath id="floor"><polygon points="0,${SAMPLE_H} ${BX},${BY + BH} ${BX + BW},${BY + BH} ${SAMPLE_W},${SAMPLE_H}"/></clipPath>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
  </defs>
  <polygon points="0,0 ${SAMPLE_W},0 ${BX + BW},${BY} ${BX},${BY}" fill="${p.ceiling}"/>
  <polygon points="0,0 ${BX},${BY} ${BX},${BY + BH} 0,${SAMPLE_H}" fill="${p.side}"/>
  <polygon points="${SAMPLE_W},0 ${BX + BW},${BY} ${BX + BW},${BY + BH} ${SAMPLE_W},${SAMPLE_H}" fill="${p.side}"/>
  <rect x="${BX}" y="${BY}" width="${BW}" height="${BH}" fill="${p.wall}"/>
  <polygon points="0,${SAMPLE_H} ${BX},${BY + BH} ${BX + BW},${BY + BH} ${SAMPLE_W},${SAMPLE_H}" fill="${p.floor}"/>
  <g clip-path="url(#floor)">${planks(p)}</g>
  <polygon points="0,0 60,40 60,${SAMPLE_H - 40} 0,${SAMPLE_H}" fill="url(#shade)"/>
  <rect x="${BX + 36}" y="${BY + 36}" width="150" height="150" fill="url(#sky)" stroke="#ffffff" stroke-width="8"/>
  <line x1="${BX + 111}" y1="${BY + 36}" x2="${BX + 111}" y2="${BY + 186}" stroke="#ffffff" stroke-width="5"/>
  <ellipse cx="${BX + 80}" cy="${BY + 150}" rx="46" ry="18" fill="#6e9f6a" opacity="0.8"/>
  <rect x="${BX + 230}" y="${BY + 50}" width="110" height="76" fill="#fbfaf7" stroke="#3b3b3b" stroke-width="5"/>
  <rect x="${BX + 246}" y="${BY + 64}" width="78" height="48" fill="${p.accent}" opacity="0.75"/>
  <circle cx="${BX + 300}" cy="${BY + 80}" r="12" fill="${p.light}"/>
  ${furnished ? furniture(p) : ''}
</svg>`;

const furniture = (
  p: Palette,
) => `<ellipse cx="${SAMPLE_W / 2}" cy="${BY + BH + 92}" rx="250" ry="52" fill="${p.rug}"/>
  <rect x="${BX + 70}" y="${BY + 190}" width="250" height="62" rx="14" fill="${p.sofa}"/>
  <rect x="${BX + 70}" y="${BY + 232}" width="250" height="46" rx="10" fill="${p.sofaShade}"/>
  <rect x="${BX + 52}" y="${BY + 206}" width="34" height="74" rx="12" fill="${p.sofa}"/>
  <rect x="${BX + 304}" y="${BY + 206}" width="34" height="74" rx="12" fill="${p.sofa}"/>
  <rect x="${BX + 110}" y="${BY + 200}" width="52" height="36" rx="8" fill="${p.accent}"/>
  <rect x="${BX + 132}" y="${BY + 300}" width="136" height="16" rx="4" fill="#3f3a36"/>
  <rect x="${BX + 144}" y="${BY + 316}" width="8" height="34" fill="#3f3a36"/>
  <rect x="${BX + 248}" y="${BY + 316}" width="8" height="34" fill="#3f3a36"/>
  <circle cx="${BX + 180}" cy="${BY + 292}" r="10" fill="${p.accent}"/>
  <circle cx="${BX + BW - 4}" cy="${BY + 60}" r="90" fill="url(#glow)"/>
  <line x1="${BX + BW - 4}" y1="${BY + 84}" x2="${BX + BW - 4}" y2="${BY + BH + 60}" stroke="#2f2f2f" stroke-width="5"/>
  <polygon points="${BX + BW - 34},${BY + 84} ${BX + BW + 26},${BY + 84} ${BX + BW + 12},${BY + 44} ${BX + BW - 20},${BY + 44}" fill="${p.light}" stroke="#2f2f2f" stroke-width="2"/>
  <ellipse cx="${BX + BW - 4}" cy="${BY + BH + 62}" rx="30" ry="8" fill="#2f2f2f"/>
  <rect x="96" y="${BY + BH + 40}" width="58" height="66" rx="6" fill="#e8e2d8" stroke="#a79c8c" stroke-width="3"/>
  <ellipse cx="125" cy="${BY + BH + 2}" rx="44" ry="56" fill="#4f8a4b"/>
  <ellipse cx="104" cy="${BY + BH - 22}" rx="22" ry="34" fill="#3f7440"/>
  <ellipse cx="148" cy="${BY + BH - 14}" rx="20" ry="30" fill="#5f9c58"/>`;

/** The plant in the front left corner, as object removal's mask (white = remove). */
const maskSvg =
  () => `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE_W}" height="${SAMPLE_H}">
  <rect width="100%" height="100%" fill="#000"/>
  <rect x="72" y="${BY + BH - 68}" width="108" height="186" rx="12" fill="#fff"/>
</svg>`;

/** A two-bedroom plan in black lines on white, as designers hand in for 彩色平面图. */
const planSvg = () => {
  const wall = 'stroke="#111" stroke-width="10" stroke-linecap="square" fill="none"';
  const thin = 'stroke="#111" stroke-width="2" fill="none"';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE_W}" height="${SAMPLE_H}">
  <rect width="100%" height="100%" fill="#fff"/>
  <rect x="80" y="60" width="608" height="456" ${wall}/>
  <line x1="360" y1="60" x2="360" y2="250" ${wall}/>
  <line x1="80" y1="250" x2="300" y2="250" ${wall}/>
  <line x1="340" y1="250" x2="500" y2="250" ${wall}/>
  <line x1="500" y1="60" x2="500" y2="250" ${wall}/>
  <line x1="560" y1="250" x2="688" y2="250" ${wall}/>
  <line x1="500" y1="360" x2="688" y2="360" ${wall}/>
  <line x1="500" y1="360" x2="500" y2="440" ${wall}/>
  <path d="M300 250 A40 40 0 0 0 340 210" ${thin}/>
  <path d="M500 250 A60 60 0 0 1 560 310" ${thin}/>
  <line x1="160" y1="60" x2="260" y2="60" stroke="#fff" stroke-width="6"/>
  <line x1="160" y1="56" x2="260" y2="56" ${thin}/><line x1="160" y1="64" x2="260" y2="64" ${thin}/>
  <line x1="400" y1="516" x2="600" y2="516" stroke="#fff" stroke-width="6"/>
  <line x1="400" y1="512" x2="600" y2="512" ${thin}/><line x1="400" y1="520" x2="600" y2="520" ${thin}/>
  <rect x="110" y="90" width="120" height="90" ${thin}/>
  <rect x="390" y="90" width="80" height="110" ${thin}/>
  <rect x="130" y="330" width="200" height="70" rx="8" ${thin}/>
  <rect x="180" y="420" width="100" height="50" ${thin}/>
  <circle cx="600" cy="300" r="22" ${thin}/>
  <rect x="530" y="400" width="130" height="80" ${thin}/>
</svg>`;
};

export type SampleInputName = 'room' | 'evening' | 'plan' | 'mask' | 'empty-room';

const drawings: Record<SampleInputName, () => string> = {
  room: () => roomSvg(day),
  evening: () => roomSvg(evening),
  'empty-room': () => roomSvg(day, false),
  plan: planSvg,
  mask: maskSvg,
};

/** Renders one input as a PNG in dir (once per run) and describes it as an engine input. */
export const sampleInput = async (dir: string, name: SampleInputName): Promise<EngineFile> => {
  const file = path.join(dir, `input-${name}.png`);
  const exists = await fs
    .stat(file)
    .then(() => true)
    .catch(() => false);
  if (!exists) {
    const png = sharp(Buffer.from(drawings[name]())).flatten({ background: '#ffffff' });
    await (name === 'mask' ? png.toColourspace('b-w') : png).png().toFile(file);
  }
  return { path: file, mime: 'image/png', width: SAMPLE_W, height: SAMPLE_H };
};
