import type { ComfyGraph } from './workflow-binding';

/**
 * Overall percent from ComfyUI's per-node events. Samplers and model upscales take nearly all of
 * a run's time, so they weigh more than loaders and encoders; without weights a render would sit
 * at 90% while its sampler does the real work.
 */
const HEAVY = /KSampler|SamplerCustom|UpscaleWithModel|FaceRestore|VideoCombine|SaveVideo/;

/** A LoRA training runs for many minutes; its sample renders afterwards take seconds. */
const TRAINING = /^TrainLoraNode$/;

export class ComfyProgress {
  private readonly weights = new Map<string, number>();
  private readonly total: number;
  private readonly done = new Set<string>();
  private current: string | undefined;
  private currentFraction = 0;
  private best = 0;

  constructor(
    graph: ComfyGraph,
    /** The share of the job's percent this run covers, e.g. [5, 95]. */
    private readonly range: [number, number],
  ) {
    for (const [id, node] of Object.entries(graph))
      this.weights.set(
        id,
        TRAINING.test(node.class_type) ? 200 : HEAVY.test(node.class_type) ? 10 : 1,
      );
    this.total = [...this.weights.values()].reduce((a, b) => a + b, 0) || 1;
  }

  cached(nodes: string[]) {
    nodes.forEach((n) => this.done.add(n));
  }

  executing(node: string) {
    if (this.current && this.current !== node) this.done.add(this.current);
    this.current = node;
    this.currentFraction = 0;
  }

  step(node: string, value: number, max: number) {
    if (node !== this.current) this.executing(node);
    this.currentFraction = max > 0 ? Math.min(1, value / max) : 0;
  }

  executed(node: string) {
    this.done.add(node);
    if (this.current === node) this.currentFraction = 0;
  }

  /** Never goes backwards, whatever order events arrive in. */
  percent(): number {
    let sum = 0;
    for (const id of this.done) sum += this.weights.get(id) ?? 0;
    if (this.current && !this.done.has(this.current))
      sum += (this.weights.get(this.current) ?? 0) * this.currentFraction;
    const [from, to] = this.range;
    const value = Math.floor(from + ((to - from) * sum) / this.total);
    this.best = Math.max(this.best, Math.min(to, value));
    return this.best;
  }
}
