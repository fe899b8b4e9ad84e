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
 * for `seconds` (closed loop: it measures how many requests the server can serve). With `rate`
 * (requests per second in all) the sockets instead send on a fixed schedule, spread evenly
 * (open loop: it measures latency at that load); a latency then counts from when the request
 * was due, so a server that falls behind is charged for the wait (no coordinated omission). The
 * same client measures every target of one bench run, so ratios compare.
 */
export const httpLoad = async (opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  rate?: number;
}): Promise<LoadResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;
  const once = (due = performance.now()) =>
    new Promise<void>((resolve) => {
      const started = due;
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
  const interval = opts.rate ? (opts.connections / opts.rate) * 1000 : 0;
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, c) => {
      if (!interval) {
        while (performance.now() < deadline) await once();
        return;
      }
      // Socket c sends at started + (c / connections + k) × interval.
      for (let k = 0; ; k++) {
        const due = started + (c / opts.connections + k) * interval;
        if (due >= deadline) return;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
        await once(due);
      }
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
