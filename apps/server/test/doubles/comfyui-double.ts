import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { driftedPicture, takeDrift } from './hosted-media';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { executionOrder, nodeClasses, sizeOfNode, validatePrompt } from './comfyui-double-nodes';
import type { Graph, Size } from './comfyui-double-nodes';

/**
 * A ComfyUI stand-in speaking its HTTP + WebSocket protocol (server.py routes, execution.py
 * events), for testing the real client with no GPU. It validates graphs against a small node
 * registry, runs them as a timed simulation that emits the real event sequence, and saves real
 * PNG/MP4 files sized as the graph says. Knobs inject the failures a real server produces.
 */

export interface ComfyUiDoubleKnobs {
  /** Milliseconds per sampler step. */
  stepDelayMs: number;
  /** Sampler steps actually simulated (a template's 28 steps need not take 28 ticks). */
  maxSteps: number;
  /** Raise an exception in this node (id or class_type) → execution_error. */
  failOn?: { node: string; type?: string; message: string };
  /** Terminate every WebSocket at this sampler step, and refuse reconnects for a while. */
  dropSockets?: { atStep: number; refuseForMs: number };
  /** Hold prompts in the pending queue until resume(). */
  paused: boolean;
  /** Behave like ComfyUI before prompt_id was accepted from clients: assign our own ids. */
  ignoreClientPromptId: boolean;
  /** Delay between the last WebSocket event and the history entry, as in ComfyUI's worker. */
  historyDelayMs: number;
  /** Node classes this server lacks (an older ComfyUI without the training nodes). */
  missingNodes: string[];
  /**
   * Pictures made from an uploaded image that lose its structure (an unrelated pattern), for the
   * next N prompts or 'all'; 0 by default, so every picture is its input re-toned.
   */
  drift: number | 'all';
}

export interface QueuedPrompt {
  number: number;
  prompt_id: string;
  prompt: Graph;
  extra_data: Record<string, unknown>;
  client_id?: string;
  outputs: string[];
}

export interface ComfyUiDouble {
  url: string;
  knobs: ComfyUiDoubleKnobs;
  received: {
    prompts: QueuedPrompt[];
    uploads: {
      name: string;
      type: string;
      overwrite: string | null;
      bytes: number;
      subfolder: string;
    }[];
    interrupts: { prompt_id?: string }[];
    queueDeletes: string[][];
    authorizations: (string | undefined)[];
    wsConnects: number;
  };
  history: Map<string, Record<string, unknown>>;
  resume(): void;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const startComfyUiDouble = async (
  options: {
    auth?: string;
    knobs?: Partial<ComfyUiDoubleKnobs>;
    /** Listen here (a backend coming back on its old address); default: any free port. */
    port?: number;
  } = {},
): Promise<ComfyUiDouble> => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'comfyui-double-'));
  const dirs = {
    input: path.join(root, 'input'),
    output: path.join(root, 'output'),
    temp: path.join(root, 'temp'),
  };
  await Promise.all(Object.values(dirs).map((d) => fs.mkdir(d, { recursive: true })));

  const knobs: ComfyUiDoubleKnobs = {
    stepDelayMs: 5,
    maxSteps: 4,
    paused: false,
    historyDelayMs: 20,
    ignoreClientPromptId: false,
    missingNodes: [],
    drift: 0,
    ...options.knobs,
  };
  const received: ComfyUiDouble['received'] = {
    prompts: [],
    uploads: [],
    interrupts: [],
    queueDeletes: [],
    authorizations: [],
    wsConnects: 0,
  };
  const history = new Map<string, Record<string, unknown>>();
  const inputSizes = new Map<string, Size>();
  const pending: QueuedPrompt[] = [];
  const sockets = new Map<string, WebSocket>();
  let running: QueuedPrompt | undefined;
  let lastNode: string | undefined;
  let interruptFlag = false;
  let refuseSocketsUntil = 0;
  let number = 0;
  let closed = false;

  const queueRemaining = () => pending.length + (running ? 1 : 0);
  const send = (clientId: string | undefined, type: string, data: Record<string, unknown>) => {
    const ws = clientId ? sockets.get(clientId) : undefined;
    if (ws?.readyState === ws?.OPEN) ws?.send(JSON.stringify({ type, data }));
  };
  const broadcastStatus = () => {
    for (const ws of sockets.values())
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: queueRemaining() } } },
        }),
      );
  };
  const queueItem = (p: QueuedPrompt) => [p.number, p.prompt_id, p.prompt, p.extra_data, p.outputs];

  /** As SaveLoRA: a safetensors file named <prefix>_<steps>_steps_<counter>_, nothing in history. */
  const saveLora = async (graph: Graph, node: Graph[string]) => {
    const prefix = String(node.inputs.prefix);
    const stepsInput = node.inputs.steps;
    const steps = Array.isArray(stepsInput)
      ? Number(graph[String(stepsInput[0])]?.inputs.steps)
      : stepsInput;
    const folder = path.join(dirs.output, path.dirname(prefix));
    await fs.mkdir(folder, { recursive: true });
    const stem = `${path.basename(prefix)}${steps === undefined ? '' : `_${String(steps)}_steps`}_`;
    const taken = (await fs.readdir(folder)).filter((f) => f.startsWith(stem)).length;
    const header = Buffer.from(
      JSON.stringify({ __metadata__: { format: 'pt', trained_by: 'comfyui-double' } }),
    );
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(BigInt(header.length));
    await fs.writeFile(
      path.join(folder, `${stem}${String(taken + 1).padStart(5, '0')}_.safetensors`),
      Buffer.concat([length, header]),
    );
    return undefined;
  };

  /** As LossGraphNode: a preview PNG in temp/ (ui images of type "temp"). */
  const saveLossGraph = async (node: Graph[string]) => {
    const filename = `${String(node.inputs.filename_prefix ?? 'loss_graph')}_${String(number).padStart(5, '0')}_.png`;
    await sharp({ create: { width: 840, height: 520, channels: 3, background: '#ffffff' } })
      .png()
      .toFile(path.join(dirs.temp, filename));
    return { images: [{ filename, subfolder: '', type: 'temp' }] };
  };

  const saveOutput = async (
    item: QueuedPrompt,
    id: string,
  ): Promise<Record<string, unknown> | undefined> => {
    const graph = item.prompt;
    const node = graph[id]!;
    if (nodeClasses[node.class_type]!.output === 'lora') return saveLora(graph, node);
    if (nodeClasses[node.class_type]!.output === 'preview') return saveLossGraph(node);
    const size = sizeOfNode(graph, id, (f) => inputSizes.get(f)) ?? { width: 512, height: 512 };
    const prefix = String(node.inputs.filename_prefix ?? 'ComfyUI');
    const subfolder = path.dirname(prefix) === '.' ? '' : path.dirname(prefix);
    await fs.mkdir(path.join(dirs.output, subfolder), { recursive: true });
    if (nodeClasses[node.class_type]!.output === 'video') {
      const filename = `${path.basename(prefix)}_${String(number).padStart(5, '0')}_.mp4`;
      await new Promise<void>((resolve, reject) =>
        execFile(
          ffmpeg,
          [
            '-hide_banner',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            `testsrc=size=${size.width}x${size.height}:rate=8`,
            '-t',
            '1',
            '-pix_fmt',
            'yuv420p',
            '-c:v',
            'libx264',
            '-y',
            path.join(dirs.output, subfolder, filename),
          ],
          (err) => (err ? reject(err) : resolve()),
        ),
      );
      return { images: [{ filename, subfolder, type: 'output' }], animated: [true] };
    }
    // The first uploaded image in the graph, resized and tinted, so a test can tell the output
    // came from its input; text-to-image gets a flat canvas.
    const load = Object.values(graph).find((n) => n.class_type === 'LoadImage');
    const source = load ? path.join(dirs.input, String(load.inputs.image)) : undefined;
    const image = source
      ? takeDrift(knobs)
        ? sharp(await driftedPicture(size.width, size.height))
        : sharp(source)
            .resize(size.width, size.height, { fit: 'fill' })
            .tint({ r: 255, g: 210, b: 160 })
      : sharp({
          create: {
            width: size.width,
            height: size.height,
            channels: 3,
            background: { r: 200, g: 190, b: 170 },
          },
        });
    // Like SaveImage: one file per latent in the batch (EmptyLatentImage's batch_size).
    const latent = Object.values(graph).find(
      (n) => n.class_type.includes('Latent') && typeof n.inputs.batch_size === 'number',
    );
    const batch = Math.max(1, Number(latent?.inputs.batch_size ?? 1));
    const images = [];
    for (let k = 0; k < batch; k += 1) {
      const counter = String(number * 10 + k).padStart(5, '0');
      const filename = `${path.basename(prefix)}_${counter}_.png`;
      await image
        .clone()
        .png()
        .toFile(path.join(dirs.output, subfolder, filename));
      images.push({ filename, subfolder, type: 'output' });
    }
    return { images };
  };

  const finishHistory = (
    item: QueuedPrompt,
    outputs: Record<string, unknown>,
    statusStr: 'success' | 'error',
    messages: unknown[],
  ) => {
    setTimeout(() => {
      history.set(item.prompt_id, {
        prompt: queueItem(item),
        outputs,
        status: { status_str: statusStr, completed: statusStr === 'success', messages },
        meta: {},
      });
      running = undefined;
      lastNode = undefined;
      broadcastStatus();
      void pump();
    }, knobs.historyDelayMs);
  };

  const execute = async (item: QueuedPrompt) => {
    const c = item.client_id;
    const pid = item.prompt_id;
    const messages: unknown[] = [];
    const emit = (type: string, data: Record<string, unknown>) => {
      if (type.startsWith('execution_')) messages.push([type, data]);
      send(c, type, data);
    };
    const outputs: Record<string, unknown> = {};
    const executed: string[] = [];
    broadcastStatus();
    emit('execution_start', { prompt_id: pid, timestamp: Date.now() });
    emit('execution_cached', { nodes: [], prompt_id: pid, timestamp: Date.now() });
    for (const id of executionOrder(item.prompt, item.outputs)) {
      const node = item.prompt[id]!;
      lastNode = id;
      send(c, 'executing', { node: id, display_node: id, prompt_id: pid });
      const interrupted = () => {
        if (!interruptFlag) return false;
        interruptFlag = false;
        emit('execution_interrupted', {
          prompt_id: pid,
          node_id: id,
          node_type: node.class_type,
          executed,
          timestamp: Date.now(),
        });
        finishHistory(item, outputs, 'error', messages);
        return true;
      };
      if (knobs.failOn && (knobs.failOn.node === id || knobs.failOn.node === node.class_type)) {
        emit('execution_error', {
          prompt_id: pid,
          node_id: id,
          node_type: node.class_type,
          executed,
          exception_message: knobs.failOn.message,
          exception_type: knobs.failOn.type ?? 'RuntimeError',
          traceback: ['Traceback (most recent call last):\n', `  ${knobs.failOn.message}\n`],
          current_inputs: {},
          current_outputs: {},
          timestamp: Date.now(),
        });
        return finishHistory(item, outputs, 'error', messages);
      }
      if (node.class_type.includes('KSampler') || node.class_type === 'TrainLoraNode') {
        const steps = Math.min(Number(node.inputs.steps) || 1, knobs.maxSteps);
        for (let step = 1; step <= steps; step++) {
          await delay(knobs.stepDelayMs);
          if (interrupted()) return;
          send(c, 'progress', { value: step, max: steps, prompt_id: pid, node: id });
          if (knobs.dropSockets?.atStep === step) {
            refuseSocketsUntil = Date.now() + knobs.dropSockets.refuseForMs;
            knobs.dropSockets = undefined;
            for (const ws of sockets.values()) ws.terminate();
          }
        }
      } else await delay(1);
      if (interrupted()) return;
      if (nodeClasses[node.class_type]!.output) {
        const saved = await saveOutput(item, id);
        if (saved) {
          outputs[id] = saved;
          send(c, 'executed', { node: id, display_node: id, output: saved, prompt_id: pid });
        }
      }
      executed.push(id);
    }
    emit('execution_success', { prompt_id: pid, timestamp: Date.now() });
    send(c, 'executing', { node: null, prompt_id: pid });
    finishHistory(item, outputs, 'success', messages);
  };

  const pump = async () => {
    if (closed || running || knobs.paused || !pending.length) return;
    running = pending.shift()!;
    interruptFlag = false;
    await execute(running);
  };

  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const routes = async (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => {
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /system_stats')
      return json(res, 200, {
        system: {
          os: 'posix',
          comfyui_version: '0.3.60',
          python_version: '3.12.3',
          embedded_python: false,
          argv: ['main.py'],
        },
        devices: [
          {
            name: 'cuda:0 Test Double GPU',
            type: 'cuda',
            index: 0,
            vram_total: 25769803776,
            vram_free: 20000000000,
          },
        ],
      });
    if (route === 'GET /object_info')
      return json(
        res,
        200,
        Object.fromEntries(
          Object.entries(nodeClasses)
            .filter(([name]) => !knobs.missingNodes.includes(name))
            .map(([name, cls]) => [
              name,
              {
                input: {
                  required: Object.fromEntries((cls.required ?? []).map((r) => [r, ['*']])),
                },
                output: Array.from({ length: cls.outputs }, () => '*'),
                name,
                display_name: name,
                output_node: Boolean(cls.output),
                experimental: ['TrainLoraNode', 'SaveLoRA', 'LossGraphNode'].includes(name),
              },
            ]),
        ),
      );
    if (route === 'GET /prompt')
      return json(res, 200, { exec_info: { queue_remaining: queueRemaining() } });
    if (route === 'GET /queue')
      return json(res, 200, {
        queue_running: running ? [queueItem(running)] : [],
        queue_pending: pending.map(queueItem),
      });
    if (route === 'POST /queue') {
      const body = JSON.parse((await readBody(req)).toString() || '{}') as {
        delete?: string[];
        clear?: boolean;
      };
      if (body.clear) pending.splice(0);
      if (body.delete) {
        received.queueDeletes.push(body.delete);
        for (const id of body.delete) {
          const i = pending.findIndex((p) => p.prompt_id === id);
          if (i >= 0) pending.splice(i, 1);
        }
      }
      res.writeHead(200).end();
      return broadcastStatus();
    }
    if (route === 'POST /interrupt') {
      const raw = (await readBody(req)).toString();
      const body = raw ? (JSON.parse(raw) as { prompt_id?: string }) : {};
      received.interrupts.push(body);
      // Newer ComfyUI: a named prompt is interrupted only if it is the one running.
      if (running && (!body.prompt_id || body.prompt_id === running.prompt_id))
        interruptFlag = true;
      return res.writeHead(200).end();
    }
    if (route === 'POST /prompt') {
      const body = JSON.parse((await readBody(req)).toString()) as Record<string, unknown>;
      if (!body.prompt)
        return json(res, 400, {
          error: { type: 'no_prompt', message: 'No prompt provided', details: '', extra_info: {} },
          node_errors: {},
        });
      const graph = body.prompt as Graph;
      const valid = validatePrompt(
        graph,
        (name) => inputSizes.has(name),
        (c) => c in nodeClasses && !knobs.missingNodes.includes(c),
        {
          folderExists: (folder) =>
            !folder.includes('..') && existsSync(path.join(dirs.input, folder)),
          // The operator maps output/loras into the LoRA search path (docs/operations.md).
          loraExists: (name) =>
            !name.includes('..') && existsSync(path.join(dirs.output, 'loras', name)),
        },
      );
      if (!valid.ok) return json(res, 400, { error: valid.error, node_errors: valid.node_errors });
      const item: QueuedPrompt = {
        number: number++,
        prompt_id:
          typeof body.prompt_id === 'string' && !knobs.ignoreClientPromptId
            ? body.prompt_id
            : crypto.randomUUID(),
        prompt: graph,
        extra_data: { ...(body.extra_data as object), client_id: body.client_id },
        client_id: body.client_id as string | undefined,
        outputs: valid.outputs,
      };
      received.prompts.push(item);
      pending.push(item);
      json(res, 200, { prompt_id: item.prompt_id, number: item.number, node_errors: {} });
      broadcastStatus();
      return void pump();
    }
    if (route === 'POST /upload/image') {
      const body = await readBody(req);
      const form = await new Request('http://double/upload', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body,
      }).formData();
      const image = form.get('image');
      if (!(image instanceof File) || !image.name) return res.writeHead(400).end();
      const bytes = Buffer.from(await image.arrayBuffer());
      const name = path.basename(image.name);
      // As server.py: any file is written, into input/<subfolder> when one is given.
      const subfolder = String(form.get('subfolder') ?? '');
      if (subfolder.includes('..') || subfolder.startsWith('/')) return res.writeHead(400).end();
      await fs.mkdir(path.join(dirs.input, subfolder), { recursive: true });
      await fs.writeFile(path.join(dirs.input, subfolder, name), bytes);
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => undefined);
      if (meta)
        inputSizes.set(subfolder ? `${subfolder}/${name}` : name, {
          width: meta.width,
          height: meta.height,
        });
      received.uploads.push({
        name,
        type: String(form.get('type') ?? 'input'),
        overwrite: form.get('overwrite') as string | null,
        bytes: bytes.length,
        subfolder,
      });
      return json(res, 200, { name, subfolder, type: 'input' });
    }
    const historyMatch = /^\/history\/(.+)$/.exec(url.pathname);
    if (req.method === 'GET' && historyMatch) {
      const entry = history.get(decodeURIComponent(historyMatch[1]!));
      return json(res, 200, entry ? { [decodeURIComponent(historyMatch[1]!)]: entry } : {});
    }
    if (route === 'GET /view') {
      const filename = url.searchParams.get('filename') ?? '';
      const type = (url.searchParams.get('type') ?? 'output') as keyof typeof dirs;
      const subfolder = url.searchParams.get('subfolder') ?? '';
      if (
        !filename ||
        filename.startsWith('/') ||
        filename.includes('..') ||
        subfolder.includes('..') ||
        !(type in dirs)
      )
        return res.writeHead(400).end();
      const file = path.join(dirs[type], subfolder, path.basename(filename));
      const data = await fs.readFile(file).catch(() => undefined);
      if (!data) return res.writeHead(404).end();
      const mime = filename.endsWith('.mp4')
        ? 'video/mp4'
        : filename.endsWith('.safetensors')
          ? 'application/octet-stream'
          : 'image/png';
      res.writeHead(200, { 'content-type': mime, 'content-disposition': `filename="${filename}"` });
      return res.end(data);
    }
    res.writeHead(404).end();
  };

  const authorized = (req: http.IncomingMessage) => {
    received.authorizations.push(req.headers.authorization);
    return !options.auth || req.headers.authorization === options.auth;
  };

  const server = http.createServer((req, res) => {
    if (!authorized(req)) return json(res, 401, { error: 'unauthorized' });
    const url = new URL(req.url ?? '/', 'http://double');
    routes(req, res, url).catch((e: Error) => {
      if (!res.headersSent) json(res, 500, { error: e.message });
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://double');
    if (url.pathname !== '/ws' || !authorized(req) || Date.now() < refuseSocketsUntil) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      received.wsConnects++;
      const sid = url.searchParams.get('clientId') || crypto.randomUUID().replace(/-/g, '');
      sockets.set(sid, ws);
      ws.on('close', () => {
        if (sockets.get(sid) === ws) sockets.delete(sid);
      });
      ws.send(
        JSON.stringify({
          type: 'status',
          data: { status: { exec_info: { queue_remaining: queueRemaining() } }, sid },
        }),
      );
      // As server.py does: a reconnecting client that owns the run hears the current node.
      if (running?.client_id === sid && lastNode)
        ws.send(JSON.stringify({ type: 'executing', data: { node: lastNode } }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    knobs,
    received,
    history,
    resume() {
      knobs.paused = false;
      void pump();
    },
    async close() {
      closed = true;
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await fs.rm(root, { recursive: true, force: true });
    },
  };
};
