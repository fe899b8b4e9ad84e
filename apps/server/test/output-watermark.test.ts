import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as m0017 from '../src/db/migrations/0017-commerce-output-watermark';
import { resolveBinaries } from '../src/engines/local/ffmpeg-runner';
import { adminToken, describeEachDatabase, smsLogin } from './helper';
import type { TestApp } from './helper';
import { buildTaskApp, fakeEngine, waitUntil } from './task-fixtures';

const ROOT = { username: 'wmroot', password: 'root-password-long-enough' };
const W = 320;
const H = 240;

/** A flat mid-grey picture: any mark in its corner shows as changed pixels. */
const greyPng = () =>
  sharp({ create: { width: W, height: H, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();

/** A 1-second grey clip made by ffmpeg (what a video engine would hand back). */
const greyMp4 = (file: string) =>
  execFileSync(resolveBinaries({}).ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0x808080:s=${W}x${H}:d=1:r=10`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);

/** How many bytes of the bottom-right corner (where the mark sits) differ clearly between two pictures. */
const cornerDiff = async (a: Buffer, b: Buffer) => {
  const corner = (img: Buffer) =>
    sharp(img)
      .extract({ left: W / 2, top: (H * 3) / 4, width: W / 2, height: H / 4 })
      .removeAlpha()
      .raw()
      .toBuffer();
  const [x, y] = [await corner(a), await corner(b)];
  let changed = 0;
  for (let i = 0; i < x.length; i++) if (Math.abs(x[i]! - y[i]!) > 40) changed += 1;
  return changed;
};

/** The first frame of a video as PNG. */
const frameOf = async (video: Buffer, dir: string) => {
  const src = path.join(dir, `v-${Math.random().toString(36).slice(2)}.mp4`);
  await fs.writeFile(src, video);
  return execFileSync(resolveBinaries({}).ffmpegPath, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-i',
    src,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    '-',
  ]);
};

/**
 * "No watermark on gpt/video downloads" is a VIP perk the server enforces: a
 * non-member's output of a gpt (3) or video (4) run is served marked through every link the API
 * hands out; a member gets the original bytes, and becoming a member frees earlier outputs.
 */
describeEachDatabase('output watermark (VIP perk)', (target) => {
  let t: TestApp;
  /** What the engine was given as each to-line run's picture. */
  const inputs: Buffer[] = [];
  beforeAll(async () => {
    const local = fakeEngine(['to-line'], async (job) => {
      inputs.push(await fs.readFile(job.inputs.upload_img!.path));
      const out = path.join(job.workDir, 'out.png');
      await fs.writeFile(out, await greyPng());
      return [{ path: out, mime: 'image/png', kind: 'image', width: W, height: H }];
    });
    const comfy = fakeEngine(
      ['text-to-video'],
      async (job) => {
        const out = path.join(job.workDir, 'out.mp4');
        greyMp4(out);
        return [{ path: out, mime: 'video/mp4', kind: 'video', width: W, height: H, duration: 1 }];
      },
      'comfyui',
    );
    t = await buildTaskApp({
      target,
      engines: [local, comfy],
      startWorker: true,
      env: {
        SIGNUP_TICKETS: '1:10,4:10',
        ADMIN_USERNAME: ROOT.username,
        ADMIN_PASSWORD: ROOT.password,
      },
    });
  });
  afterAll(() => t?.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? { satoken: token } : {} });
  const run = async (token: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      payload,
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { taskId } = res.json().data as { taskId: string };
    let info: { status: string; outputs: { url: string; thumbUrl: string | null }[] } | undefined;
    await waitUntil(async () => {
      info = (await get(`/api/ai/getTaskByTaskId?taskId=${taskId}`, token)).json().data;
      return info!.status === 'succeeded' || info!.status === 'failed';
    });
    expect(info!.status).toBe('succeeded');
    return { taskId, output: info!.outputs[0]! };
  };
  /** A gpt-ticket image output, stored the way the worker stores one (no gpt image tool yet). */
  const gptOutput = async (userId: string) => {
    const dir = path.join(t.dataDir, 'fixture');
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${userId}.png`);
    await fs.writeFile(file, await greyPng());
    const stored = await t.container.files.storeOutput(
      userId,
      { path: file, mime: 'image/png', width: W, height: H },
      'output',
      { ticketType: 3 },
    );
    return { stored, links: await t.container.files.links(stored) };
  };
  const grantVip = async (userId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/manage/user/${userId}/vip`,
      headers: { satoken: await adminToken(t, ROOT) },
      payload: { tier: 'vip', days: 30, reason: '测试' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('a non-member gets a marked gpt image through the signed link, the thumbnail and anonymous signed reads; a member the original bytes', async () => {
    const original = await greyPng();
    const user = await smsLogin(t);
    const { stored, links } = await gptOutput(user.user.id);
    expect(stored.watermark).toBe(true);

    const signed = await get(links.url);
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['content-type']).toBe('image/png');
    expect(Number(signed.headers['content-length'])).toBe(signed.rawPayload.length);
    // Its bytes change when the owner becomes a member: browsers keep it a minute only.
    expect(signed.headers['cache-control']).toBe('private, max-age=60');
    expect(signed.rawPayload.equals(original)).toBe(false);
    expect(await cornerDiff(signed.rawPayload, original)).toBeGreaterThan(100);
    // Same size, and the rest of the picture untouched.
    expect(await sharp(signed.rawPayload).metadata()).toMatchObject({ width: W, height: H });
    const top = async (img: Buffer) =>
      sharp(img)
        .extract({ left: 0, top: 0, width: W, height: H / 2 })
        .raw()
        .toBuffer();
    expect((await top(signed.rawPayload)).equals(await top(original))).toBe(true);
    // The owner by session gets the same marked copy; it was made once and kept in storage.
    const own = await get(`/api/files/${stored.id}`, user.token);
    expect(own.rawPayload.equals(signed.rawPayload)).toBe(true);
    const kept = await t.container.storage.read(`watermarked/${stored.storageKey}`);
    expect(kept.equals(signed.rawPayload)).toBe(true);
    // The largest thumbnail is of the marked copy too.
    const thumb = await get(`/api/files/${stored.id}/thumb?w=1024`, user.token);
    expect(thumb.headers['cache-control']).toBe('private, max-age=60');
    const cleanThumb = await sharp(original).jpeg({ quality: 80 }).toBuffer();
    expect(await cornerDiff(thumb.rawPayload, cleanThumb)).toBeGreaterThan(100);

    // Given to another tool (a ticket-1 one) as its input, the engine gets the marked copy too.
    await run(user.token, { toolId: 'to-line', upload_img: stored.id });
    expect(inputs.at(-1)!.equals(signed.rawPayload)).toBe(true);

    // Another user's output made while a member is never marked.
    const member = await smsLogin(t);
    await grantVip(member.user.id);
    const clean = await gptOutput(member.user.id);
    expect(clean.stored.watermark).toBe(false);
    expect((await get(clean.links.url)).rawPayload.equals(original)).toBe(true);

    // Becoming a member frees the earlier output: the original bytes from the same link.
    await grantVip(user.user.id);
    expect((await get(links.url)).rawPayload.equals(original)).toBe(true);
    await run(user.token, { toolId: 'to-line', upload_img: stored.id });
    expect(inputs.at(-1)!.equals(original)).toBe(true);
    expect((await get(`/api/files/${stored.id}`, user.token)).rawPayload.equals(original)).toBe(
      true,
    );
  });

  it('a video run of a non-member: the task link, the works zip and the share link serve the marked video; other tools stay clean', async () => {
    const user = await smsLogin(t);
    const video = await run(user.token, { toolId: 'text-to-video', promptTxt: '客厅漫游' });
    const plain = await run(user.token, {
      toolId: 'to-line',
      upload_img: await uploadGrey(user.token),
    });

    const clip = path.join(t.dataDir, 'clean.mp4');
    greyMp4(clip);
    const cleanFrame = await frameOf(await fs.readFile(clip), t.dataDir);
    const served = (await get(video.output.url)).rawPayload;
    expect(await cornerDiff(await frameOf(served, t.dataDir), cleanFrame)).toBeGreaterThan(100);

    // A ticket-1 tool's output is the engine's bytes.
    expect((await get(plain.output.url)).rawPayload.equals(await greyPng())).toBe(true);

    // photo.zip of the works page: the stored entry is the marked video.
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/works/zip',
      payload: { taskIds: [video.taskId] },
      headers: { satoken: user.token },
    });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.rawPayload.indexOf(served.subarray(0, 4096))).toBeGreaterThan(0);
    // The share link's visitor (no session, the token is the permission) gets the marked video.
    const shared = await t.app.inject({
      method: 'POST',
      url: '/api/ai/shareTask',
      payload: { taskId: video.taskId },
      headers: { satoken: user.token },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const { token } = shared.json().data as { token: string };
    const visitor = await get(
      `/api/ai/sharedFile?token=${token}&fileId=${fileIdOf(video.output.url)}`,
    );
    expect(visitor.statusCode).toBe(200);
    expect(visitor.rawPayload.equals(served)).toBe(true);
    // …and the engine's clean bytes are in none of them.
    const [row] = await t.container.files.ownedFiles(user.user.id, [fileIdOf(video.output.url)]);
    const stored = await t.container.storage.read(row!.storageKey);
    expect(stored.equals(served)).toBe(false);
    expect(zip.rawPayload.indexOf(stored.subarray(0, 4096))).toBe(-1);
  });

  it('migration 0017 marks the outputs of gpt/video runs made before it, and nothing else', async () => {
    const user = await smsLogin(t);
    const video = await run(user.token, { toolId: 'text-to-video', promptTxt: '庭院' });
    const plain = await run(user.token, {
      toolId: 'to-line',
      upload_img: await uploadGrey(user.token),
    });
    const ids = [fileIdOf(video.output.url), fileIdOf(plain.output.url)];
    const db = t.container.database.db;
    // As before the migration: no column; then the migration runs.
    await m0017.down(db as unknown as Kysely<unknown>);
    await m0017.up(db as unknown as Kysely<unknown>);
    const rows = await db
      .selectFrom('files')
      .select(['id', 'watermark'])
      .where('id', 'in', ids)
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, Number(r.watermark)]))).toEqual({
      [ids[0]!]: 1,
      [ids[1]!]: 0,
    });
  });

  const fileIdOf = (url: string) => /\/api\/files\/([^/?]+)/.exec(url)![1]!;

  const uploadGrey = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: { image: `data:image/png;base64,${(await greyPng()).toString('base64')}` },
      headers: { satoken: token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.fileId as string;
  };
});
