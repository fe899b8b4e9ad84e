import http from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * A small keep-alive HTTP load client: `connections` sockets each send requests back to back
 * for `seconds`. The same client measures every target of one bench run, so ratios compare.
 */
export const httpLoad = async (opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `${target.pathname}${target.search}`,
          headers: opts.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    errors,
  };
};

/** httpLoad on a worker thread (its own event loop), for a server running in this process. */
export const httpLoadOffThread = async (
  opts: Parameters<typeof httpLoad>[0],
): Promise<LoadResult> => {
  const { Piscina } = await import('piscina');
  const pool = new Piscina({
    filename: new URL('./http-load-worker.ts', import.meta.url).href,
    execArgv: ['--import', 'tsx'],
    maxThreads: 1,
  });
  try {
    return (await pool.run(opts)) as LoadResult;
  } finally {
    await pool.destroy();
  }
};
