import { httpLoad } from './http-load';

// Runs the load client on its own thread, so it does not share the server's event loop.
export default (opts: Parameters<typeof httpLoad>[0]) => httpLoad(opts);
