import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real service that can play a network partition:
 * while blackholed nothing passes in either direction, closes included, and nothing is closed
 * either; what was sent waits and is delivered when traffic passes again, as TCP retransmission
 * does once a partition heals.
 */
export const startBlackholeProxy = async (target: { host: string; port: number }) => {
  let blackholed = false;
  let held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const deliver = (action: () => void) => (blackholed ? held.push(action) : action());
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on('data', (chunk) => deliver(() => to.write(chunk)));
      from.on('close', () => deliver(() => to.destroy()));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    /** The URL with its host and port replaced by the proxy's. */
    via: (url: string) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    get blackholed() {
      return blackholed;
    },
    blackhole: () => {
      blackholed = true;
    },
    pass: () => {
      blackholed = false;
      const pending = held;
      held = [];
      for (const action of pending) action();
    },
    close: async () => {
      blackholed = false;
      held = [];
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
