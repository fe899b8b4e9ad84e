import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';
import type { TestApp } from './helper';

const connectRefused = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });

describe('graceful shutdown', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.container.close();
  });

  it('finishes in-flight requests, then refuses new connections', async () => {
    t = await buildTestApp();
    let arrived!: () => void;
    const requestArrived = new Promise<void>((r) => (arrived = r));
    t.app.get('/api/test/slow', async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 300));
      return { success: true, code: 0, message: 'ok', data: 'slow done' };
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no address');
    const port = address.port;

    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    await requestArrived;
    const closing = t.app.close();

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: 'slow done' });
    await closing;
    expect(await connectRefused(port)).toBe('ECONNREFUSED');
  });
});
