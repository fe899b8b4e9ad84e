import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import './models.schema';

/**
 * The goal presets a designer picks instead of raw hyperparameters. Seeded once;
 * the operator edits the rows (base checkpoint, steps, rank, learning rate) afterwards and the
 * seed never overwrites them. Values sit inside TRAIN_LIMITS.
 */
export const defaultDomains = [
  {
    key: 'interior-style',
    name: '室内风格',
    description: '一套室内设计风格：配色、材质、软装与光线氛围',
    words: 'interior design, living room, furniture, soft lighting, photorealistic',
    steps: 1200,
    rank: 16,
    learning_rate: 0.0001,
    sample_prompt: 'a modern living room interior, natural light, photorealistic',
  },
  {
    key: 'architecture',
    name: '建筑外观',
    description: '建筑立面语言、体块与材质表达',
    words: 'architecture, building exterior, facade, daylight, photorealistic',
    steps: 1500,
    rank: 16,
    learning_rate: 0.0001,
    sample_prompt: 'a contemporary building exterior, street view, daylight',
  },
  {
    key: 'landscape',
    name: '景观',
    description: '景观设计：植物配置、铺装与水景',
    words: 'landscape design, garden, plants, paving, outdoor, photorealistic',
    steps: 1200,
    rank: 16,
    learning_rate: 0.0001,
    sample_prompt: 'a landscaped garden with paths and planting, golden hour',
  },
  {
    key: 'material',
    name: '材质',
    description: '一种材质或纹理：石材、木饰面、织物',
    words: 'material texture, surface detail, close-up, seamless',
    steps: 800,
    rank: 8,
    learning_rate: 0.0002,
    sample_prompt: 'a wall finished with this material, close-up, soft light',
  },
  {
    key: 'furniture',
    name: '家具单品',
    description: '一件家具或产品的造型与细节',
    words: 'furniture, product shot, studio lighting, detailed',
    steps: 1000,
    rank: 16,
    learning_rate: 0.0001,
    sample_prompt: 'this furniture piece in a bright showroom, studio lighting',
  },
] as const;

/** The default base checkpoint (SDXL, as the render templates use). */
export const DEFAULT_CHECKPOINT = 'sd_xl_base_1.0.safetensors';

export const seedTrainDomains = async (db: Kysely<Database>, at: string): Promise<string[]> => {
  const existing = new Set(
    (await db.selectFrom('train_domains').select('key').execute()).map((r) => r.key),
  );
  const missing = defaultDomains.filter((d) => !existing.has(d.key));
  if (missing.length === 0) return [];
  await db
    .insertInto('train_domains')
    .values(
      missing.map((d) => ({
        ...d,
        checkpoint: DEFAULT_CHECKPOINT,
        sort: defaultDomains.indexOf(d) * 10,
        enabled: 1,
        updated_at: at,
      })),
    )
    .execute();
  return missing.map((d) => `train domain ${d.key}`);
};
