import fs from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from '../../src/engines/comfyui/comfyui.engine';
import { startComfyUiDouble } from '../doubles/comfyui-double';
import type { ComfyUiDouble } from '../doubles/comfyui-double';
import { jobFor, pngFile, tempDir } from './remote-fixtures';

/** Built-in templates named after a tool (editing tools whose job the shared graph cannot do). */
let dir: string;
let comfy: ComfyUiDouble;
beforeEach(async () => {
  dir = await tempDir('comfy-tool-templates-');
  comfy = await startComfyUiDouble();
});
afterEach(async () => {
  await comfy.close();
  await fs.rm(dir, { recursive: true, force: true });
});

type Node = { class_type: string; inputs: Record<string, unknown> };
const nodesOf = (prompt: unknown) => Object.values(prompt as Record<string, Node>);
const instruction = (prompt: unknown) =>
  String(nodesOf(prompt).find((n) => n.class_type === 'CLIPTextEncode')!.inputs.text);

describe('tool templates of the editing tools', () => {
  it('wanwuqianyi sends the scene and the object, with position and size in the instruction', async () => {
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    expect(engine.catalog.find('wanwuqianyi', 'image-edit')?.name).toBe('wanwuqianyi');
    const outputs = await engine.run(
      jobFor({
        capability: 'image-edit',
        toolId: 'wanwuqianyi',
        workDir: dir,
        inputs: {
          upload_img: await pngFile(dir, 'scene.png', 640, 480),
          object_img: await pngFile(dir, 'chair.png', 300, 300),
        },
        params: { placement: 'bottom-left', objectScale: 'large', promptTxt: '单椅朝向沙发' },
      }),
    );
    expect(outputs).toHaveLength(1);
    expect(comfy.received.uploads.map((u) => u.name).join(' ')).toMatch(/object_img/);
    const prompt = comfy.received.prompts[0]!.prompt;
    const loads = nodesOf(prompt).filter((n) => n.class_type === 'LoadImage');
    expect(loads.map((n) => n.inputs.image)).toEqual([
      expect.stringContaining('upload_img'),
      expect.stringContaining('object_img'),
    ]);
    // Both pictures are referenced: two ReferenceLatent nodes chained into the guidance.
    expect(nodesOf(prompt).filter((n) => n.class_type === 'ReferenceLatent')).toHaveLength(2);
    const text = instruction(prompt);
    expect(text).toContain('in the bottom-left area');
    expect(text).toContain('large size');
    expect(text).toContain('单椅朝向沙发');
  });

  it('wanwuqianyi without the object picture fails with a clear message', async () => {
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    await expect(
      engine.run(
        jobFor({
          capability: 'image-edit',
          toolId: 'wanwuqianyi',
          workDir: dir,
          inputs: { upload_img: await pngFile(dir, 'scene.png', 640, 480) },
        }),
      ),
    ).rejects.toThrow('缺少必需的输入图片');
    expect(comfy.received.prompts).toHaveLength(0);
  });

  it('empty-room asks to clear the room even with no prompt, and the shared graph still serves others', async () => {
    const engine = createComfyUiEngine({ baseUrl: comfy.url });
    const upload_img = await pngFile(dir, 'room.png', 640, 480);
    await engine.run(
      jobFor({
        capability: 'image-edit',
        toolId: 'empty-room',
        workDir: dir,
        inputs: { upload_img },
      }),
    );
    expect(instruction(comfy.received.prompts[0]!.prompt)).toMatch(/^Remove all furniture/);
    await engine.run(
      jobFor({
        capability: 'image-edit',
        toolId: 'text-edit',
        workDir: dir,
        inputs: { upload_img },
        params: { promptTxt: '墙面换成浅灰色' },
      }),
    );
    expect(instruction(comfy.received.prompts[1]!.prompt)).toBe('墙面换成浅灰色');
  });
});
