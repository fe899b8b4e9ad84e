import fs from 'node:fs/promises';
import path from 'node:path';
import { getTool } from '@huijing/tools';
import { EngineError } from './engine';
import type { Engine, EngineJob, EngineOutput } from './engine';
import type { StructureTask } from './local/local-pool';

/**
 * Below this structure-kept score a result has lost its input's space (docs/structure-guard.md
 * has the measurements: faithful variants of the samples score 0.75 and up, drifted ones 0.70
 * and down).
 */
export const STRUCTURE_THRESHOLD = 0.72;

export const STRUCTURE_FAILURE =
  '生成结果未能保持原图结构，已退还次数，请换一张更清晰的图片或调整描述后重试';

/** Computes a score (structure-score.ts) off this thread: the local engine's CPU pool. */
export type StructureScorer = (task: StructureTask, signal?: AbortSignal) => Promise<number>;

/**
 * An engine whose results are held to the tool's promise to keep the space (ToolDefinition.
 * keepsStructure): each picture is scored against the input, outside the mask for masked tools,
 * and the score travels on the output. Pictures below the threshold are made once more, free
 * (the same engine run, so nothing is debited), with `strictStructure` set so recipes ask harder;
 * if any is still below, the run fails with a message the designer can act on, and the task's
 * failure path refunds it. Other tools, and runs without an input image, go straight through.
 */
export const guardStructure = (
  engine: Engine,
  deps: { score: StructureScorer; threshold?: number },
): Engine => {
  const threshold = deps.threshold ?? STRUCTURE_THRESHOLD;

  const scored = async (job: EngineJob, outputs: EngineOutput[]) => {
    const input = job.inputs.upload_img!.path;
    const mask = job.inputs.mask?.path;
    const out: EngineOutput[] = [];
    for (const o of outputs) {
      if (o.kind !== 'image') {
        out.push(o);
        continue;
      }
      const score = await deps.score({ input, output: o.path, ...(mask && { mask }) }, job.signal);
      out.push({ ...o, structureScore: score });
    }
    return out;
  };
  const drifted = (outputs: EngineOutput[]) =>
    outputs.flatMap((o, i) =>
      o.structureScore !== undefined && o.structureScore < threshold ? [i] : [],
    );

  /** The pictures at `indices` asked for again: as many as drifted, each with its own prompt. */
  const again = async (job: EngineJob, indices: number[], total: number): Promise<EngineJob> => {
    const workDir = path.join(job.workDir, 'strict');
    await fs.mkdir(workDir, { recursive: true });
    return {
      ...job,
      strictStructure: true,
      workDir,
      ...(indices.length < total && { params: { ...job.params, count: indices.length } }),
      ...(job.prompts && { prompts: indices.map((i) => job.prompts![i] ?? job.prompt ?? '') }),
    };
  };

  const run = async (job: EngineJob): Promise<EngineOutput[]> => {
    if (!getTool(job.toolId)?.keepsStructure || !job.inputs.upload_img) return engine.run(job);
    // One bar over both runs: it never goes back when the second starts.
    let last = 0;
    const onProgress: EngineJob['onProgress'] = ({ percent, message }) => {
      last = Math.max(last, percent);
      job.onProgress(message ? { percent: last, message } : { percent: last });
    };
    const first = await scored(job, await engine.run({ ...job, onProgress }));
    const low = drifted(first);
    if (low.length === 0) return first;
    onProgress({ percent: last, message: '结果偏离原图结构，免费重新生成' });
    const retry = await again({ ...job, onProgress }, low, first.length);
    const second = await scored(job, await engine.run(retry));
    const still = drifted(second);
    if (still.length > 0 || second.length < low.length) {
      const scores = [...low.map((i) => first[i]!), ...second].map((o) => o.structureScore);
      throw new EngineError(
        STRUCTURE_FAILURE,
        `structure scores ${scores.join(', ')} < ${threshold}`,
      );
    }
    const merged = [...first];
    low.forEach((i, k) => (merged[i] = second[k]!));
    return merged;
  };

  return { ...engine, run };
};
