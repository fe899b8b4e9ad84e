import type { ClassifyNode, MaterialLibrary } from '@huijing/contracts';
import { getTool } from '@huijing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineJob } from '../../engines/engine';
import { describeEachDatabase, smsLogin } from '../../../test/helper';
import type { TestApp } from '../../../test/helper';
import { buildTaskApp, fakeEngine, upload, waitUntil } from '../../../test/task-fixtures';
import {
  composeHostedPrompt,
  composePrompt,
  composePrompts,
  createPromptComposer,
  emptyVocabulary,
  termText,
  vocabularyFrom,
} from './prompt-compose';

const node = (id: string, name: string, extra: Partial<ClassifyNode> = {}): ClassifyNode => ({
  id,
  parentId: null,
  level: 1,
  name,
  nameEn: null,
  sort: 0,
  prompt: '',
  cover: null,
  ...extra,
});

const tree: ClassifyNode[] = [
  node('g-interior-style', '室内风格', {
    children: [
      node('family-modern', '现代', {
        level: 2,
        childrens: [
          node('style-cream', '奶油风', {
            level: 3,
            nameEn: 'Cream style',
            prompt: 'cream style interior, warm beige',
          }),
        ],
      }),
    ],
  }),
  node('g-home-space', '家装空间', {
    children: [node('space-living', '客厅', { level: 2, nameEn: 'Living room' })],
  }),
  node('g-window-view', '室内外景', {
    children: [node('window-lake', '湖景', { level: 2 })],
  }),
];
const library: MaterialLibrary = [
  {
    id: 'stone',
    name: '石材',
    nameEn: 'Stone',
    materials: [
      {
        id: 'marble-white',
        name: '白色大理石',
        nameEn: 'White marble',
        category: 'stone',
        swatch: { color: '#eeeeee', pattern: 'marble', image: '' },
        prompt: 'white carrara marble',
        tags: [],
        sort: 0,
      },
    ],
  },
];
const vocabulary = vocabularyFrom(tree, library);

describe('prompt composition', () => {
  it('keeps the Chinese name and adds the English hint (prompt, else English name)', () => {
    expect(termText({ name: '奶油风', nameEn: 'Cream', prompt: 'cream style interior' })).toBe(
      '奶油风 (cream style interior)',
    );
    expect(termText({ name: '客厅', nameEn: 'Living room', prompt: '' })).toBe(
      '客厅 (Living room)',
    );
    expect(termText({ name: '湖景', nameEn: null, prompt: '' })).toBe('湖景');
  });

  it('finds categories at every depth and materials by id', () => {
    expect(vocabulary.category('style-cream')?.name).toBe('奶油风');
    expect(vocabulary.category('space-living')?.name).toBe('客厅');
    expect(vocabulary.category('nope')).toBeUndefined();
    expect(vocabulary.material('marble-white')?.prompt).toBe('white carrara marble');
  });

  it('turns a home render’s ids and option values into words, after the designer’s text', () => {
    const tool = getTool('home-decoration')!;
    const params = tool.params.parse({
      promptTxt: '  温馨的三口之家客厅 ',
      style: 'style-cream',
      space: 'space-living',
      view: 'two-point',
      atmosphere: 'dusk',
    }) as Record<string, unknown>;
    expect(composePrompt(tool, params, vocabulary)).toBe(
      '温馨的三口之家客厅, 奶油风 (cream style interior, warm beige), 客厅 (Living room), ' +
        '两点透视 (Two-point perspective), 黄昏 (Dusk)',
    );
  });

  it('drops "auto", empty picks and unknown ids; ignoreWordAndImage drops the text only', () => {
    const tool = getTool('architecture')!;
    const params = tool.params.parse({
      promptTxt: '沿街商业综合体',
      style: 'arch-gone-from-catalogue',
      space: '',
      environment: 'seaside',
      ignoreWordAndImage: true,
    }) as Record<string, unknown>;
    expect(params.view).toBe('auto');
    expect(composePrompt(tool, params, vocabulary)).toBe('海边 (Seaside)');
  });

  it('reads a catalogue environment (window view) and a material pick', () => {
    const exterior = getTool('indoor-exterior')!;
    const params = exterior.params.parse({ environment: 'window-lake' }) as Record<string, unknown>;
    expect(composePrompt(exterior, params, vocabulary)).toBe('湖景');
    const widgets = { material: { kind: 'material-picker' as const, label: exterior.name } };
    expect(composePrompt({ widgets }, { material: 'marble-white' }, vocabulary)).toBe(
      '白色大理石 (white carrara marble)',
    );
  });

  it('gives each picture of an "auto" multi-angle run its own view, in words a model reads', () => {
    const tool = getTool('multi-angle')!;
    const params = tool.params.parse({ promptTxt: '奶油风客厅' }) as Record<string, unknown>;
    const prompts = composePrompts(tool, params, vocabulary);
    expect(prompts).toEqual([
      '奶油风客厅, 向左环绕 (camera orbited to the left of the space, three-quarter view from the left side)',
      '奶油风客厅, 向右环绕 (camera orbited to the right of the space, three-quarter view from the right side)',
      '奶油风客厅, 拉远全景 (camera pulled back, wide-angle shot showing the whole space)',
      "奶油风客厅, 俯视 (high-angle view looking down from above, bird's-eye view of the space)",
    ]);
    // The one-prompt composition of the same run names no view: 'auto' is not a phrase.
    expect(composePrompt(tool, params, vocabulary)).toBe('奶油风客厅');
  });

  it('cycles the views past the last one and follows the count; a chosen view is every picture’s', () => {
    const tool = getTool('multi-angle')!;
    const views = (prompts: string[]) => prompts.map((p) => p.replace(/ \(.*$/, ''));
    const spreadOver = { ...tool, widgets: { ...tool.widgets } };
    spreadOver.widgets.view = {
      ...tool.widgets.view!,
      options: tool.widgets.view!.options!.filter((o) =>
        ['auto', 'wide', 'top-down'].includes(String(o.value)),
      ),
    };
    expect(views(composePrompts(spreadOver, { view: 'auto', count: 3 }, vocabulary))).toEqual([
      '拉远全景',
      '俯视',
      '拉远全景',
    ]);
    expect(views(composePrompts(tool, { view: 'auto', count: 2 }, vocabulary))).toEqual([
      '向左环绕',
      '向右环绕',
    ]);
    expect(views(composePrompts(tool, { view: 'auto' }, vocabulary))).toEqual(['向左环绕']);
    expect(composePrompts(tool, { view: 'close-up', count: 4 }, vocabulary)).toEqual([
      '局部特写 (close-up detail shot, materials and textures in sharp focus)',
    ]);
    // A tool that does not spread keeps one prompt whatever the count.
    const home = getTool('home-decoration')!;
    const params = home.params.parse({ promptTxt: '卧室', count: 4 }) as Record<string, unknown>;
    expect(composePrompts(home, params, vocabulary)).toEqual(['卧室']);
  });

  it('hands the engine one prompt per picture only when the pictures differ', async () => {
    const compose = createPromptComposer({ vocabulary: () => Promise.resolve(vocabulary) });
    const multi = getTool('multi-angle')!;
    const auto = await compose('multi-angle', multi.params.parse({}) as Record<string, unknown>);
    expect(auto?.prompts).toHaveLength(4);
    expect(new Set(auto?.prompts).size).toBe(4);
    expect(auto?.prompt).toBe(auto?.prompts?.[0]);
    const wide = await compose(
      'multi-angle',
      multi.params.parse({ view: 'wide' }) as Record<string, unknown>,
    );
    expect(wide).toMatchObject({
      prompt: '拉远全景 (camera pulled back, wide-angle shot showing the whole space)',
      hosted: { prompt: expect.stringContaining('换一个机位重新表现这个空间：拉远全景') },
    });
    expect(wide?.prompts).toBeUndefined();
    expect(wide?.hosted?.prompts).toBeUndefined();
    // On "auto" the hosted prompts spread over the views too, one per picture.
    expect(auto?.hosted?.prompts?.map((p) => /：([^，。]+)/.exec(p)?.[1])).toEqual([
      '向左环绕',
      '向右环绕',
      '拉远全景',
      '俯视',
    ]);
  });

  it('composes only for generative tools and survives a catalogue that cannot load', async () => {
    const compose = createPromptComposer({
      vocabulary: () => Promise.reject(new Error('db down')),
    });
    expect(await compose('to-line', { promptTxt: 'x' })).toBeUndefined();
    expect(await compose('no-such-tool', {})).toBeUndefined();
    // A classical tool with a hosted template gets only the Chinese prompt.
    expect(await compose('clean', {})).toEqual({
      hosted: { prompt: '移除涂抹区域内的物体，用周围的背景自然补全，不留痕迹。' },
    });
    const params = getTool('landscape')!.params.parse({
      promptTxt: '滨水公园',
      style: 'land-modern-minimal',
    }) as Record<string, unknown>;
    expect(await compose('landscape', params)).toMatchObject({
      prompt: '滨水公园',
      hosted: { prompt: expect.stringMatching(/渲染成照片级的景观设计效果图.*滨水公园。$/) },
    });
    expect(composePrompt(getTool('landscape')!, params, emptyVocabulary)).toBe('滨水公园');
  });
});

describe('hosted Chinese prompts from the tools’ templates', () => {
  const hosted = (id: string, input: Record<string, unknown>) => {
    const tool = getTool(id)!;
    return composeHostedPrompt(
      tool,
      tool.params.parse(input) as Record<string, unknown>,
      vocabulary,
    );
  };

  it('fills a home render with the catalogue’s Chinese names and the option labels', () => {
    expect(
      hosted('home-decoration', {
        promptTxt: '原木色',
        style: 'style-cream',
        space: 'space-living',
        atmosphere: 'night',
        view: 'two-point',
      }),
    ).toBe(
      '这是一张室内实景照片：严格保持原图的空间结构、墙体与梁柱位置、透视和镜头角度、门窗的位置与大小、家具的布局与尺寸不变，' +
        '渲染成照片级的室内设计效果图，空间为客厅，装修风格为奶油风，材质真实，光影自然，' +
        '光线氛围为夜晚，视角为两点透视，原木色。',
    );
  });

  it('words the keep-the-space sentence for a photo, a 3D screenshot and a sketch', () => {
    const keepOf = (source: string) => hosted('indoor', { source })?.split('：')[0];
    expect(keepOf('photo')).toBe('这是一张室内实景照片');
    expect(keepOf('model')).toBe('这是一张 3D 软件（SketchUp 白模）截图');
    expect(keepOf('sketch')).toBe('这是一张手绘线稿');
    expect(hosted('architecture', {})).toMatch(/^这是一张 3D 软件.*不改变建筑形体/);
    expect(hosted('live-render', {})).toMatch(/^这是一张手绘线稿/);
  });

  it('leaves out lines whose pick is empty or auto, and the text when told to ignore it', () => {
    const plain = hosted('indoor', { style: '', promptTxt: '暖光', ignoreWordAndImage: true });
    expect(plain).not.toMatch(/装修风格为|光线氛围为|视角为|暖光|\{/);
    expect(hosted('material-change', { material: 'marble-white' })).toMatch(
      /^把涂抹区域的材质替换为白色大理石，/,
    );
    expect(hosted('indoor-exterior', { environment: 'window-lake' })).toContain('窗外景色为湖景');
    expect(composeHostedPrompt(getTool('to-line')!, {}, vocabulary)).toBeUndefined();
  });
});

describeEachDatabase('prompt composition in the task pipeline', (target) => {
  let t: TestApp;
  const jobs: EngineJob[] = [];
  beforeAll(async () => {
    const comfy = fakeEngine(
      ['render'],
      async (job) => {
        jobs.push(job);
        return fakeEngine().run(job);
      },
      'comfyui',
    );
    t = await buildTaskApp({ target, engines: [fakeEngine(), comfy], startWorker: true });
  });
  afterAll(() => t.close());

  it('hands the engine the seeded catalogue’s names for the ids a designer picked', async () => {
    const { token } = await smsLogin(t);
    const img = await upload(t, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { satoken: token },
      payload: {
        toolId: 'home-decoration',
        params: { promptTxt: '原木色卧室', style: 'style-cream', atmosphere: 'night' },
        inputs: { upload_img: img.fileId },
      },
    });
    expect(res.statusCode).toBe(200);
    await waitUntil(() => jobs.length === 1);
    const job = jobs[0]!;
    expect(job.params.style).toBe('style-cream');
    expect(job.prompt).toMatch(
      /^原木色卧室, 奶油风 \(cream style interior[^)]*\), 夜晚 \(Night\)$/,
    );
    // The hosted engines' Chinese prompt travels on the same job.
    expect(job.hosted?.prompt).toMatch(
      /^这是一张室内实景照片.*装修风格为奶油风.*光线氛围为夜晚.*原木色卧室。$/,
    );
  });

  it('hands a multi-angle run on "auto" four prompts, one view each', async () => {
    const { token } = await smsLogin(t);
    const img = await upload(t, token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/startTask',
      headers: { satoken: token },
      payload: {
        toolId: 'multi-angle',
        params: { promptTxt: '书房' },
        inputs: { upload_img: img.fileId },
      },
    });
    expect(res.statusCode).toBe(200);
    await waitUntil(() => jobs.some((j) => j.toolId === 'multi-angle'));
    const job = jobs.find((j) => j.toolId === 'multi-angle')!;
    expect(job.params).toMatchObject({ view: 'auto', count: 4 });
    expect(job.prompts?.map((p) => p.replace(/ \(.*$/, ''))).toEqual([
      '书房, 向左环绕',
      '书房, 向右环绕',
      '书房, 拉远全景',
      '书房, 俯视',
    ]);
    expect(job.prompt).toBe(job.prompts![0]);
  });
});
