import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  classifyGroups,
  flattenClassify,
  type ClassifyGroup,
  type ClassifyNode,
  type SampleKind,
} from '@huijing/contracts';
import {
  allTools,
  generativeCapabilities,
  type InputName,
  type ToolDefinition,
} from '@huijing/tools';
import type { Capability, EngineFile, EngineId } from '../../engines/engine';
import type { EngineRouter } from '../../engines/engine-router';
import { composePrompt, termText, type PromptVocabulary } from '../tasks/prompt-compose';
import { sampleInput, type SampleInputName } from './sample-inputs';
import { entryKey, sampleFileName, type SampleEntry, type SampleSink } from './samples.store';

/**
 * `npm run samples`: one example picture per style, room type and tool, made by the engines this
 * installation is configured with, through the same adapters a designer's run goes through.
 * Styles and room types are text-to-image runs of the catalogue entry's words (its name and the
 * English hint the task pipeline adds to every render); tools run on inputs drawn in
 * sample-inputs.ts with their default parameters. Nothing is invented: what an engine cannot
 * make is listed as not made, with the reason.
 */

/** The catalogue groups whose entries get a picture, and the scene each is shown in. */
const styleGroups: Partial<Record<ClassifyGroup, string>> = {
  'interior-style': '客厅 (living room interior)',
  'architecture-style': '建筑外观 (building exterior, street view)',
  'landscape-style': '庭院景观 (garden landscape)',
};
const roomGroups: ClassifyGroup[] = ['home-space', 'commercial-space'];
const QUALITY = '室内设计效果图 (architectural visualization, photorealistic, soft daylight)';
/** What a tool that takes words is asked for. */
export const SAMPLE_TOOL_PROMPT = '现代简约客厅，浅色木地板，落地窗，自然光';

/** Inputs drawn for a tool; a tool needing anything else gets no example. */
const drawnInputs: Partial<Record<InputName, SampleInputName>> = {
  upload_img: 'room',
  style_img: 'evening',
  mask: 'mask',
};
const planTools = new Set(['color-flat-plan', 'all-plan']);
const videoCapabilities = new Set<Capability>([
  'text-to-video',
  'image-to-video',
  'video-camera-move',
  'video-first-last',
  'video-multi-image',
]);

export interface SampleTarget {
  kind: SampleKind;
  id: string;
  /** For the report. */
  name: string;
  toolId: string;
  capability: Capability;
  params: Record<string, unknown>;
  /** For generative engines. */
  prompt: string | null;
  inputs: Partial<Record<InputName, SampleInputName>>;
}

export interface SkippedTarget {
  kind: SampleKind;
  id: string;
  name: string;
  reason: string;
}

const textTool = allTools.find((t) => t.id === 'text-to-image')!;
const parsed = (tool: ToolDefinition, raw: Record<string, unknown>) => {
  const r = tool.params.safeParse(raw);
  return r.success ? (r.data as Record<string, unknown>) : undefined;
};

const textTarget = (kind: SampleKind, leaf: ClassifyNode, prompt: string): SampleTarget => ({
  kind,
  id: leaf.id,
  name: leaf.name,
  toolId: textTool.id,
  capability: textTool.capability,
  params: parsed(textTool, { promptTxt: prompt }) ?? { promptTxt: prompt },
  prompt,
  inputs: {},
});

/** Everything `npm run samples` would make, and what it cannot make (with why). */
export const sampleTargets = (
  tree: readonly ClassifyNode[],
  vocabulary: PromptVocabulary,
): { targets: SampleTarget[]; skipped: SkippedTarget[] } => {
  const targets: SampleTarget[] = [];
  const skipped: SkippedTarget[] = [];
  for (const [group, scene] of Object.entries(styleGroups) as [ClassifyGroup, string][]) {
    const node = tree[classifyGroups[group]];
    for (const leaf of node ? flattenClassify(node) : []) {
      targets.push(textTarget('style', leaf, `${scene}, ${termText(leaf)}, ${QUALITY}`));
    }
  }
  for (const group of roomGroups) {
    const node = tree[classifyGroups[group]];
    for (const leaf of node ? flattenClassify(node) : []) {
      targets.push(textTarget('room', leaf, `${termText(leaf)}, ${QUALITY}`));
    }
  }
  for (const tool of allTools) {
    const name = tool.name['zh-CN'];
    const skip = (reason: string) => skipped.push({ kind: 'tool', id: tool.id, name, reason });
    if (videoCapabilities.has(tool.capability)) {
      skip('视频工具不做示例图');
      continue;
    }
    const missing = tool.inputs.filter((i) => i.required && !drawnInputs[i.name]);
    if (missing.length) {
      skip(`需要${missing.map((i) => i.label['zh-CN']).join('、')}，没有内置的示例输入`);
      continue;
    }
    const inputs: SampleTarget['inputs'] = {};
    for (const input of tool.inputs) {
      // Optional inputs are left out (a style reference changes what the tool shows), except the
      // reference a colour transfer needs to show anything.
      if (!input.required) continue;
      inputs[input.name] = drawnInputs[input.name];
    }
    if (inputs.upload_img && planTools.has(tool.id)) inputs.upload_img = 'plan';
    const params = parsed(tool, { promptTxt: SAMPLE_TOOL_PROMPT }) ?? parsed(tool, {});
    if (!params) {
      skip('默认参数不能直接运行');
      continue;
    }
    const generative = (generativeCapabilities as readonly string[]).includes(tool.capability);
    targets.push({
      kind: 'tool',
      id: tool.id,
      name,
      toolId: tool.id,
      capability: tool.capability,
      params,
      prompt: generative ? composePrompt(tool, params, vocabulary) || SAMPLE_TOOL_PROMPT : null,
      inputs,
    });
  }
  return { targets, skipped };
};

export interface MakeOptions {
  /** Make again what is already there. */
  force?: boolean;
  /** Only what the built-in local engine makes (no AI engine needed). */
  localOnly?: boolean;
  /** Only these kinds. */
  kinds?: readonly SampleKind[];
  /** Only these catalogue or tool ids. */
  ids?: readonly string[];
  /** Each made, skipped or failed picture as it happens. */
  onEvent?: (line: string) => void;
}

export interface MakeReport {
  made: { kind: SampleKind; id: string; engine: EngineId }[];
  /** Already there (without --force). */
  kept: number;
  /** No engine can make these here, or no input for them: with the reason. */
  notMade: SkippedTarget[];
  failed: SkippedTarget[];
  /** Whether an AI engine (ComfyUI or the images API) is configured at all. */
  aiEngine: boolean;
}

const STYLE_W = 480;
const STYLE_H = 360;
const TOOL_BOX = 640;
/** One picture may take this long on a busy engine. */
const RUN_TIMEOUT_MS = 10 * 60_000;

const toWebp = (file: string, kind: SampleKind) => {
  const image = sharp(file).rotate();
  const sized =
    kind === 'tool'
      ? image.resize({ width: TOOL_BOX, height: TOOL_BOX, fit: 'inside', withoutEnlargement: true })
      : image.resize({ width: STYLE_W, height: STYLE_H, fit: 'cover' });
  return sized.webp({ quality: 72, effort: 6 }).toBuffer({ resolveWithObject: true });
};

/**
 * Tools whose work shows in the detail, not in the whole picture (an upscale looks like its input
 * at card size): their example is the same spot of the input and the result, zoomed in — the
 * input enlarged pixel by pixel, the result as made — so the card shows what the tool adds.
 */
const DETAIL_CAPABILITIES: ReadonlySet<string> = new Set(['upscale']);
/** The spot: the picture frame and the lamp of the drawn room (fractions of width and height). */
const DETAIL_SPOT = { left: 0.56, top: 0.26, width: 0.2, height: 0.2 };

const detailPair = async (inputPath: string, outputPath: string) => {
  const [inMeta, outMeta] = await Promise.all([
    sharp(inputPath).metadata(),
    sharp(outputPath).metadata(),
  ]);
  const spot = (w: number, h: number) => ({
    left: Math.round(w * DETAIL_SPOT.left),
    top: Math.round(h * DETAIL_SPOT.top),
    width: Math.round(w * DETAIL_SPOT.width),
    height: Math.round(h * DETAIL_SPOT.height),
  });
  const from = spot(inMeta.width ?? 0, inMeta.height ?? 0);
  const to = spot(outMeta.width ?? 0, outMeta.height ?? 0);
  const box = { width: TOOL_BOX, height: Math.round((TOOL_BOX * from.height) / from.width) };
  const webp = { quality: 80, effort: 6 } as const;
  const [before, after] = await Promise.all([
    sharp(inputPath)
      .extract(from)
      .resize({ ...box, kernel: 'nearest' })
      .webp(webp)
      .toBuffer(),
    sharp(outputPath)
      .extract(to)
      .resize({ ...box, kernel: 'lanczos3' })
      .webp(webp)
      .toBuffer({ resolveWithObject: true }),
  ]);
  return { before, after: after.data, info: after.info };
};

export const createSampleMaker = (deps: {
  router: EngineRouter;
  sink: SampleSink;
  classifyTree: () => Promise<readonly ClassifyNode[]>;
  vocabulary: () => Promise<PromptVocabulary>;
  /** The model an engine uses when the configuration names it. */
  models?: Partial<Record<EngineId, string>>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());
  return {
    async make(options: MakeOptions = {}): Promise<MakeReport> {
      const say = options.onEvent ?? (() => undefined);
      const { targets, skipped } = sampleTargets(
        await deps.classifyTree(),
        await deps.vocabulary(),
      );
      const wanted = (kind: SampleKind, id: string) =>
        (!options.kinds || options.kinds.includes(kind)) &&
        (!options.ids || options.ids.includes(id));
      const report: MakeReport = {
        made: [],
        kept: 0,
        notMade: skipped.filter((s) => wanted(s.kind, s.id)),
        failed: [],
        aiEngine: deps.router.engines.some((e) => e.id !== 'local'),
      };
      const entries = new Map((await deps.sink.entries()).map((e) => [entryKey(e.kind, e.id), e]));
      const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'huijing-samples-'));
      const drawn = new Map<SampleInputName, string>();
      const routes = await deps.router.resolveTools(
        targets.map((t) => ({ id: t.toolId, capability: t.capability })),
      );
      try {
        for (const target of targets) {
          if (!wanted(target.kind, target.id)) continue;
          const key = entryKey(target.kind, target.id);
          if (!options.force && entries.has(key)) {
            report.kept += 1;
            continue;
          }
          const route = routes.get(target.toolId);
          if (!route?.engine) {
            report.notMade.push({ ...target, reason: route?.reason ?? '没有可用的引擎' });
            continue;
          }
          if (options.localOnly && route.engine.id !== 'local') continue;
          const inputs: Record<string, EngineFile> = {};
          for (const [name, drawing] of Object.entries(target.inputs)) {
            inputs[name] = await sampleInput(workDir, drawing);
          }
          const runDir = path.join(workDir, key.replace(':', '-'));
          await fs.mkdir(runDir, { recursive: true });
          try {
            const outputs = await route.engine.run({
              taskId: `sample-${target.kind}-${target.id}`,
              toolId: target.toolId,
              capability: target.capability,
              params: target.params,
              ...(target.prompt ? { prompt: target.prompt } : {}),
              inputs,
              workDir: runDir,
              signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
              onProgress: () => undefined,
            });
            const first = outputs.find((o) => o.kind === 'image');
            if (!first) throw new Error('引擎没有返回图片');
            const detail =
              DETAIL_CAPABILITIES.has(target.capability) && inputs.upload_img
                ? await detailPair(inputs.upload_img.path, first.path)
                : undefined;
            const { data, info } = detail
              ? { data: detail.after, info: detail.info }
              : await toWebp(first.path, target.kind);
            const file = sampleFileName(target.kind, target.id);
            await deps.sink.put(file, data);
            let beforeFile: string | null = null;
            const before = target.kind === 'tool' ? target.inputs.upload_img : undefined;
            if (detail) {
              beforeFile = `detail-${target.id}-before.webp`;
              await deps.sink.put(beforeFile, detail.before);
            } else if (before) {
              beforeFile = `input-${before}.webp`;
              if (!drawn.has(before)) {
                const { data: b } = await toWebp(inputs.upload_img!.path, 'tool');
                await deps.sink.put(beforeFile, b);
                drawn.set(before, beforeFile);
              }
            }
            const entry: SampleEntry = {
              kind: target.kind,
              id: target.id,
              file,
              beforeFile,
              width: info.width,
              height: info.height,
              engine: route.engine.id,
              model: deps.models?.[route.engine.id] ?? null,
              prompt: target.prompt,
              madeAt: now().toISOString(),
            };
            entries.set(key, entry);
            // Saved after every picture: an interrupted run keeps what it made.
            await deps.sink.saveEntries([...entries.values()]);
            report.made.push({ kind: target.kind, id: target.id, engine: route.engine.id });
            say(`已生成 ${target.name}（${target.kind} ${target.id}，${route.engine.id}）`);
          } catch (error) {
            const reason =
              (error as { userMessage?: string }).userMessage ??
              (error instanceof Error ? error.message : String(error));
            report.failed.push({ ...target, reason });
            say(`失败 ${target.name}（${target.kind} ${target.id}）：${reason}`);
          }
        }
      } finally {
        await fs.rm(workDir, { recursive: true, force: true });
      }
      return report;
    },
  };
};
export type SampleMaker = ReturnType<typeof createSampleMaker>;
