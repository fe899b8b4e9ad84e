import fs from 'node:fs';
import path from 'node:path';
import type { Capability } from '../engine';
import { loadWorkflow } from './workflow-binding';
import type { Workflow } from './workflow-binding';
// Imported rather than read from disk so the esbuild bundle carries them; operators who want to
// change one copy it into COMFYUI_WORKFLOWS_DIR instead of editing the bundle.
import aiUpscaleBinding from './workflows/ai-upscale.binding.json';
import aiUpscale from './workflows/ai-upscale.json';
import emptyRoomBinding from './workflows/empty-room.binding.json';
import faceRestoreBinding from './workflows/face-restore.binding.json';
import faceRestore from './workflows/face-restore.json';
import imageEditBinding from './workflows/image-edit.binding.json';
import imageEdit from './workflows/image-edit.json';
import imageToVideoBinding from './workflows/image-to-video.binding.json';
import imageToVideo from './workflows/image-to-video.json';
import renderMaskedBinding from './workflows/render-masked.binding.json';
import renderMasked from './workflows/render-masked.json';
import renderBinding from './workflows/render.binding.json';
import render from './workflows/render.json';
import textToImageBinding from './workflows/text-to-image.binding.json';
import textToImage from './workflows/text-to-image.json';
import textToVideoBinding from './workflows/text-to-video.binding.json';
import textToVideo from './workflows/text-to-video.json';
import wanwuqianyiBinding from './workflows/wanwuqianyi.binding.json';
import wanwuqianyi from './workflows/wanwuqianyi.json';

const builtIn: Record<string, [unknown, unknown]> = {
  render: [render, renderBinding],
  'render-masked': [renderMasked, renderMaskedBinding],
  'text-to-image': [textToImage, textToImageBinding],
  'image-edit': [imageEdit, imageEditBinding],
  'ai-upscale': [aiUpscale, aiUpscaleBinding],
  'face-restore': [faceRestore, faceRestoreBinding],
  'image-to-video': [imageToVideo, imageToVideoBinding],
  'text-to-video': [textToVideo, textToVideoBinding],
  // Tool templates (named by tool id): the capability's graph alone cannot do their job.
  'empty-room': [imageEdit, emptyRoomBinding],
  wanwuqianyi: [wanwuqianyi, wanwuqianyiBinding],
};

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`ComfyUI workflow file ${file} is not readable JSON: ${(e as Error).message}`);
  }
};

/**
 * Operator templates: `<name>.json` with `<name>.binding.json` beside it. A name equal to a
 * built-in replaces it; a tool id (e.g. `clean`) adds a template used for that tool only.
 * Half a pair is an error, because a forgotten binding would silently run the built-in.
 */
const loadOverrides = (dir: string): Workflow[] => {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
  const bindings = new Set(files.filter((f) => f.endsWith('.binding.json')));
  const templates = files.filter((f) => !bindings.has(f));
  const orphans = [...bindings].filter(
    (b) => !templates.includes(b.replace(/\.binding\.json$/, '.json')),
  );
  if (orphans.length)
    throw new Error(
      `ComfyUI workflows in ${dir}: bindings without a template: ${orphans.join(', ')}`,
    );
  return templates.map((t) => {
    const name = t.replace(/\.json$/, '');
    const bindingFile = path.join(dir, `${name}.binding.json`);
    if (!fs.existsSync(bindingFile))
      throw new Error(
        `ComfyUI workflow ${path.join(dir, t)} has no ${name}.binding.json beside it`,
      );
    return loadWorkflow(
      name,
      path.join(dir, t),
      readJson(path.join(dir, t)),
      readJson(bindingFile),
    );
  });
};

export interface WorkflowCatalog {
  readonly capabilities: readonly Capability[];
  /** The tool's own template when the operator supplied one, else the capability's. */
  find(toolId: string, capability: Capability): Workflow | undefined;
  readonly workflows: ReadonlyMap<string, Workflow>;
}

/** Loads every template now so a broken one stops the server at boot, naming the file. */
export const loadWorkflowCatalog = (workflowsDir?: string): WorkflowCatalog => {
  const workflows = new Map<string, Workflow>();
  for (const [name, [graph, binding]] of Object.entries(builtIn))
    workflows.set(name, loadWorkflow(name, 'built-in', graph, binding));
  if (workflowsDir) for (const w of loadOverrides(workflowsDir)) workflows.set(w.name, w);

  const caps = [...new Set([...workflows.values()].map((w) => w.binding.capability))];
  return {
    capabilities: caps,
    workflows,
    find(toolId, capability) {
      const own = workflows.get(toolId);
      if (own?.binding.capability === capability) return own;
      const shared = workflows.get(capability);
      return shared?.binding.capability === capability ? shared : undefined;
    },
  };
};
