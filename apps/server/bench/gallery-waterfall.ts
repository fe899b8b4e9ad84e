// The gallery waterfall (issue 14) on 100 000 published pictures: p95 of GET
// /api/image/waterfall/page for new, hot, a keyword and the caller's collected pictures, first
// pages and deep cursor pages, against a bare Fastify route in the same run. Target: ≤ 20 ms p95
// on SQLite.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import { hotBaseOf } from '../src/modules/gallery/gallery.repository';
import { searchTextOf, termsOf } from '../src/modules/gallery/gallery-search';

const ROWS = 100_000;
const COLLECTED = 2_000;
const SAMPLES = 300;

const spaces = [
  '客厅',
  '卧室',
  '餐厅',
  '书房',
  '厨房',
  '卫生间',
  '玄关',
  '办公室',
  '咖啡馆',
  '酒店大堂',
];
const styles = [
  '现代',
  '北欧',
  '侘寂',
  '奶油风',
  '新中式',
  '工业风',
  '法式',
  '日式',
  '极简',
  '轻奢',
];
const moods = ['暖光', '自然光', '夜景', '清晨', '黄昏'];

const p95 = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

export const benchGalleryWaterfall = async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-gallery-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    TEST_LOGIN: 'off',
    GALLERY_NSFW_CHECK: 'off',
  });
  const container = createContainer(env, { role: 'api' });
  await container.prepareDatabase();
  const app = await buildApp(container);
  const bare = Fastify();
  bare.get('/ping', async () => ({ success: true, code: 0, message: 'ok', data: null }));
  try {
    const at = new Date().toISOString();
    const user = 'bench-gallery-user';
    await container.database.db
      .insertInto('users')
      .values({ id: user, nickname: '设计师', created_at: at, updated_at: at })
      .execute();
    const token = await container.sessions.issue('user', user);
    const img = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c98' } })
      .jpeg()
      .toBuffer();
    const { file } = await container.files.ingestUpload(user, img);

    // Seeding through a second connection in one transaction: 100 000 rows, their terms,
    // categories, and the caller's collects.
    const seedStarted = performance.now();
    const raw = new Database(path.join(dataDir, 'huijing.sqlite'));
    const insertImage = raw.prepare(
      `insert into gallery_images (id, user_id, task_id, output_index, file_id, width, height,
        placeholder, title, tags, classify_ids, tool_id, settings, prompt, search_text, status,
        collect_count, report_count, hot_base, hot_score, created_at, updated_at)
       values (?, ?, ?, 0, ?, ?, ?, 'data:,', ?, ?, ?, ?, '{}', ?, ?, 'published', ?, 0, ?, ?, ?, ?)`,
    );
    const insertTerm = raw.prepare(
      'insert into gallery_terms (term, image_id, created_at) values (?, ?, ?)',
    );
    const insertClass = raw.prepare(
      'insert into gallery_image_classes (classify_id, image_id, created_at) values (?, ?, ?)',
    );
    const start = Date.now() - ROWS * 30_000;
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    raw.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const created = new Date(start + i * 30_000).toISOString();
        const space = spaces[rand(spaces.length)]!;
        const style = styles[rand(styles.length)]!;
        const title = `${style}${space} ${i}`;
        const tags = [style, moods[rand(moods.length)]!];
        const prompt = `${style} ${space}`;
        const searchText = searchTextOf({ title, tags, prompt });
        const collects = rand(10) === 0 ? rand(200) : rand(5);
        const base = hotBaseOf(created);
        const id = `g${String(i).padStart(6, '0')}`;
        insertImage.run(
          id,
          user,
          `bench-task-${i}`,
          file.id,
          800,
          600 + rand(600),
          title,
          JSON.stringify(tags),
          JSON.stringify([`c-${space}`]),
          rand(3) === 0 ? 'to-line' : 'home-decoration',
          prompt,
          searchText,
          collects,
          base,
          base + Math.log10(1 + collects),
          created,
          created,
        );
        for (const term of termsOf(searchText)) insertTerm.run(term, id, created);
        insertClass.run(`c-${space}`, id, created);
      }
      raw
        .prepare(
          `insert into gallery_collections (id, user_id, name, is_public, is_default, created_at, updated_at)
           values ('bench-default', ?, '默认收藏', 0, 1, ?, ?)`,
        )
        .run(user, at, at);
      const collect = raw.prepare(
        `insert into gallery_collects (user_id, image_id, collection_id, created_at)
         values (?, ?, 'bench-default', ?)`,
      );
      for (let i = 0; i < COLLECTED; i++) {
        collect.run(
          user,
          `g${String(i * 37).padStart(6, '0')}`,
          new Date(start + i * 1000).toISOString(),
        );
      }
    })();
    raw.pragma('optimize');
    raw.close();
    const seedS = (performance.now() - seedStarted) / 1000;

    const headers = { satoken: token };
    const time = async (url: string, follow = false) => {
      const ms: number[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < SAMPLES; i++) {
        const full: string = follow && cursor ? `${url}&cursor=${cursor}` : url;
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: full, headers });
        ms.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${full}: ${res.statusCode} ${res.body}`);
        cursor = follow ? (res.json().data.nextCursor as string | null) : null;
      }
      return p95(ms);
    };
    const bareMs: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      await bare.inject({ method: 'GET', url: '/ping' });
      bareMs.push(performance.now() - t0);
    }
    const baseline = p95(bareMs);
    const page = '/api/image/waterfall/page?pageSize=30';
    const kw = (s: string) => encodeURIComponent(s);
    const cases: [string, string, boolean][] = [
      ['new, first page', `${page}&sort=new`, false],
      ['new, cursor pages (300 deep)', `${page}&sort=new`, true],
      ['hot, first page', `${page}&sort=hot`, false],
      ['hot, cursor pages (300 deep)', `${page}&sort=hot`, true],
      ['keyword 客厅 (~10% match), new', `${page}&keyword=${kw('客厅')}`, false],
      ['keyword 侘寂客厅 (~1% match), cursor', `${page}&keyword=${kw('侘寂客厅')}`, true],
      ['keyword 北欧, hot', `${page}&keyword=${kw('北欧')}&sort=hot`, false],
      ['category, new', `${page}&classifyId=${kw('c-书房')}`, false],
      [`collected (${COLLECTED}), cursor`, `${page}&scope=collected`, true],
    ];
    const rows: [string, string, string][] = [
      ['bare Fastify route (inject)', `${baseline.toFixed(2)} ms`, '1.00'],
    ];
    for (const [name, url, follow] of cases) {
      const ms = await time(url, follow);
      rows.push([name, `${ms.toFixed(2)} ms`, (ms / baseline).toFixed(1)]);
    }
    const w = [44, 12, 8];
    const line = (c: string[]) => c.map((x, i) => x.padEnd(w[i]!)).join(' | ');
    console.info('');
    console.info(`gallery waterfall, ${ROWS} published pictures (seeded in ${seedS.toFixed(1)} s)`);
    console.info(line(['p95 of GET /api/image/waterfall/page', 'p95', 'ratio']));
    console.info(w.map((n) => '-'.repeat(n)).join('-|-'));
    for (const r of rows) console.info(line(r));
    const worst = Math.max(...rows.slice(1).map((r) => Number.parseFloat(r[1])));
    console.info(
      `target ≤ 20 ms p95: ${worst <= 20 ? 'met' : `MISSED (worst ${worst.toFixed(1)} ms)`}`,
    );
  } finally {
    await app.close();
    await bare.close();
    await container.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};

// Run alone: npx tsx bench/gallery-waterfall.ts
if (import.meta.url === `file://${process.argv[1]}`) await benchGalleryWaterfall();
