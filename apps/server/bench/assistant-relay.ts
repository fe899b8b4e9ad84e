// The assistant's event-stream relay: how much latency per event our server adds between
// an OpenAI-compatible upstream and the browser, at 100 concurrent streams, against reading the
// same upstream directly, in the same run. The upstream stamps each content delta with the time it
// was written; readers subtract it from the time they parse the event.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { createContainer } from '../src/container';
import { startOpenAiChatDouble } from '../test/doubles/openai-chat-double';

const STREAMS = 100;
const EVENTS = 30;
const now = () => performance.timeOrigin + performance.now();

/** What one path delivered: latency samples, plus anything that means a stream went wrong. */
interface Delivery {
  samples: number[];
  /** `error` events of our stream, and responses that were not a 200 event stream. */
  errors: string[];
}

/** Reads an event stream and records now − stamp for every stamped piece of text in it. */
const readStamped = async (response: Response, out: Delivery) => {
  if (!response.ok || !response.headers.get('content-type')?.includes('text/event-stream')) {
    out.errors.push(`HTTP ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return;
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const at = now();
    buffer += decoder.decode(value, { stream: true });
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.includes('"type":"error"')) out.errors.push(line.slice(0, 200));
      for (const m of line.matchAll(/<(\d+\.\d+)>/g)) out.samples.push(at - Number(m[1]));
      nl = buffer.indexOf('\n');
    }
  }
};

type Stats = { mean: number; p50: number; p95: number };

const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b);
  const pick = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { mean: s.reduce((a, b) => a + b, 0) / s.length, p50: pick(0.5), p95: pick(0.95) };
};

export const benchAssistantRelay = async () => {
  const llm = await startOpenAiChatDouble({
    reply: { content: 'x'.repeat(EVENTS) },
    reasoningVia: 'none',
    chunkSize: 1,
    delayMs: 20,
    stamp: true,
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-bench-relay-'));
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'none'),
    LLM_GPT_BASE_URL: llm.url,
    LLM_GPT_API_KEY: llm.apiKey,
    LLM_GPT_MODEL: 'bench',
    ASSISTANT_TICKETS_PER_QUESTION: '0',
    ASSISTANT_QUESTIONS_PER_MINUTE: '100000',
  });
  const container = createContainer(env, { role: 'api' });
  await container.prepareDatabase();
  const app = await buildApp(container);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const at = new Date().toISOString();
    const user = 'bench-relay-user';
    await container.database.db
      .insertInto('users')
      .values({ id: user, nickname: 'bench', phone: '13900000001', created_at: at, updated_at: at })
      .execute();
    const token = await container.sessions.issue('user', user);
    const img = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const { file } = await container.files.ingestUpload(user, img);

    const direct = async (out: Delivery) =>
      readStamped(
        await fetch(`${llm.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${llm.apiKey}` },
          body: JSON.stringify({
            model: 'bench',
            stream: true,
            messages: [{ role: 'user', content: '问' }],
          }),
        }),
        out,
      );
    const relayed = async (out: Delivery) =>
      readStamped(
        await fetch(`${base}/api/ai/gptTalkStream`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', satoken: token },
          body: JSON.stringify({ model: 'gpt', inputMessage: '问', uploadedImage: file.id }),
        }),
        out,
      );
    const run = async (one: (out: Delivery) => Promise<void>) => {
      const out: Delivery = { samples: [], errors: [] };
      await Promise.all(
        Array.from({ length: STREAMS }, () =>
          one(out).catch((error: unknown) => {
            out.errors.push(String(error));
          }),
        ),
      );
      return out;
    };
    await run(direct); // warm-up both paths
    await run(relayed);
    const paths = [
      { name: 'direct to the upstream', got: await run(direct) },
      { name: 'through POST /api/ai/gptTalkStream', got: await run(relayed) },
    ];
    const expected = STREAMS * EVENTS;
    const [d, r] = paths.map((p) => stats(p.got.samples)) as [Stats, Stats];
    const ms = (x: number) => `${x.toFixed(2)} ms`;
    const w = [48, 12, 34, 12];
    const line = (c: string[]) => c.map((x, i) => x.padEnd(w[i]!)).join(' | ');
    console.info('');
    console.info(
      line([
        `assistant relay, ${STREAMS} streams × ${EVENTS} events`,
        'samples',
        'mean / p50 / p95',
        'added (mean)',
      ]),
    );
    console.info(w.map((n) => '-'.repeat(n)).join('-|-'));
    paths.forEach((p, i) => {
      const s = i === 0 ? d : r;
      console.info(
        line([
          p.name,
          `${p.got.samples.length}/${expected}`,
          `${ms(s.mean)} / ${ms(s.p50)} / ${ms(s.p95)}`,
          i === 0 ? '' : ms(r.mean - d.mean),
        ]),
      );
    });
    // Averages over streams that failed or came up short would look fine and mean nothing.
    const broken = paths.filter((p) => p.got.samples.length !== expected || p.got.errors.length);
    for (const p of broken) {
      console.warn(
        `WARNING: assistant relay bench is not valid: ${p.name} delivered ` +
          `${p.got.samples.length} of ${expected} events with ${p.got.errors.length} error(s)` +
          (p.got.errors[0] ? `; first: ${p.got.errors[0]}` : ''),
      );
    }
    if (broken.length) process.exitCode = 1;
  } finally {
    await app.close();
    await container.close();
    await llm.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
};
