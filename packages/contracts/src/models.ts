import { z } from 'zod';
import { userTextSchema } from './security';

/**
 * Model training and the model square (spec §1, §7 /model/train/*): a designer trains a LoRA from
 * their own pictures on ComfyUI, uses it in render tools and may publish it.
 */

export const modelStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'canceled']);
export type ModelStatus = z.infer<typeof modelStatusSchema>;

/** Moderation of a published model, as in the gallery. */
export const modelReviewSchema = z.enum(['private', 'pending', 'approved', 'rejected']);
export type ModelReview = z.infer<typeof modelReviewSchema>;

/** Safe ranges of the advanced section; presets stay inside them too. */
export const TRAIN_LIMITS = {
  steps: { min: 100, max: 3000 },
  rank: { min: 4, max: 64 },
  learningRate: { min: 0.00001, max: 0.001 },
} as const;

/** ASCII letters and digits (and _), 3–20 characters, starting with a letter. */
export const triggerWordSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,19}$/, {
    message: '触发词须为 3–20 位英文字母、数字或下划线，以字母开头',
  });

export const trainDomainSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** English words used in captions when no vision model writes them. */
  words: z.string(),
  checkpoint: z.string(),
  steps: z.number().int(),
  rank: z.number().int(),
  learningRate: z.number(),
  /** A prompt for the sample pictures (after the trigger word). */
  samplePrompt: z.string(),
  sort: z.number().int(),
});
export type TrainDomain = z.infer<typeof trainDomainSchema>;
export const trainDomainListSchema = z.array(trainDomainSchema);

export const trainRightInfoSchema = z.object({
  priceTickets: z.number().int(),
  ticketType: z.number().int(),
  minImages: z.number().int(),
  maxImages: z.number().int(),
  minShortSide: z.number().int(),
  freeLeft: z.number().int().optional(),
  vipPerks: z.array(z.string()),
  /** Training is a member perk (VIP or SVIP): whether it needs one, and whether the caller has it. */
  vipRequired: z.boolean(),
  isVip: z.boolean(),
  /** Whether training can start now; the reason when it cannot (no ComfyUI, no training nodes). */
  available: z.boolean(),
  reason: z.string().optional(),
  limits: z.object({
    steps: z.object({ min: z.number(), max: z.number() }),
    rank: z.object({ min: z.number(), max: z.number() }),
    learningRate: z.object({ min: z.number(), max: z.number() }),
  }),
});
export type TrainRightInfo = z.infer<typeof trainRightInfoSchema>;

const imageRef = z.string().min(1).max(2000);

export const trainDoctorBodySchema = z.object({
  domain: z.string().min(1).max(40),
  images: z.array(imageRef).max(200),
  triggerWord: userTextSchema(40, { label: '触发词' }).optional(),
});
export type TrainDoctorBody = z.infer<typeof trainDoctorBodySchema>;

export const doctorImageSchema = z.object({
  fileId: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The aspect bucket the picture trains at, e.g. "4:3" (1152×896). */
  bucket: z.string(),
  caption: z.string(),
});
export const doctorProblemSchema = z.object({
  fileId: z.string().nullable(),
  image: z.string(),
  reason: z.enum(['not-found', 'too-small', 'duplicate']),
  message: z.string(),
});
export const trainDoctorResultSchema = z.object({
  ok: z.boolean(),
  triggerWord: z.string(),
  accepted: z.array(doctorImageSchema),
  problems: z.array(doctorProblemSchema),
  buckets: z.array(
    z.object({ name: z.string(), width: z.number(), height: z.number(), count: z.number() }),
  ),
  /** Where the captions came from: a vision model, or the trigger word plus the domain's words. */
  captionSource: z.enum(['vision', 'domain']),
  messages: z.array(z.string()),
});
export type TrainDoctorResult = z.infer<typeof trainDoctorResultSchema>;

export const startTrainBodySchema = z.object({
  name: userTextSchema(40, { label: '模型名称', min: 1, tooShort: '请给模型起个名字' }),
  domain: z.string().min(1).max(40),
  images: z.array(imageRef).min(1).max(200),
  triggerWord: userTextSchema(40, { label: '触发词' }).optional(),
  /** Editable captions by file id (or in image order as an array). */
  captions: z
    .union([z.record(z.string(), z.string().max(300)), z.array(z.string().max(300))])
    .optional(),
  steps: z.number().int().min(TRAIN_LIMITS.steps.min).max(TRAIN_LIMITS.steps.max).optional(),
  rank: z.number().int().min(TRAIN_LIMITS.rank.min).max(TRAIN_LIMITS.rank.max).optional(),
  learningRate: z
    .number()
    .min(TRAIN_LIMITS.learningRate.min)
    .max(TRAIN_LIMITS.learningRate.max)
    .optional(),
});
export type StartTrainBody = z.infer<typeof startTrainBodySchema>;
export const startTrainResultSchema = z.object({ id: z.string() });

export const modelListQuerySchema = z.object({
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

export const modelItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  domainName: z.string(),
  status: modelStatusSchema,
  progress: z.number().int(),
  coverUrl: z.string().nullable(),
  triggerWord: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable().optional(),
  review: modelReviewSchema,
  useCount: z.number().int(),
});
export type ModelItem = z.infer<typeof modelItemSchema>;
export const modelPageSchema = z.object({ list: z.array(modelItemSchema), total: z.number() });

const fileLink = z.object({ url: z.string(), thumbUrl: z.string().nullable() });

export const modelDetailSchema = modelItemSchema.extend({
  dataset: z.array(fileLink.extend({ caption: z.string(), bucket: z.string() })),
  lossGraph: fileLink.nullable(),
  samples: z.array(fileLink),
  steps: z.number().int(),
  rank: z.number().int(),
  learningRate: z.number(),
  priceTickets: z.number().int(),
  hasWeights: z.boolean(),
  reviewNote: z.string().nullable(),
});
export type ModelDetail = z.infer<typeof modelDetailSchema>;

export const runningModelIdsSchema = z.array(z.string());

export const publishModelBodySchema = z.object({ publish: z.boolean() });

/** A model a render tool may use: the user's own finished ones and published ones. */
export const usableModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  domainName: z.string(),
  triggerWord: z.string(),
  coverUrl: z.string().nullable(),
  mine: z.boolean(),
  useCount: z.number().int(),
});
export type UsableModel = z.infer<typeof usableModelSchema>;
export const usableModelListSchema = z.array(usableModelSchema);

export const squareQuerySchema = z.object({
  domain: z.string().max(40).optional(),
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
});
export const squareItemSchema = usableModelSchema.extend({
  samples: z.array(fileLink),
  author: z.string(),
  publishedAt: z.string(),
});
export type SquareItem = z.infer<typeof squareItemSchema>;
export const squarePageSchema = z.object({
  list: z.array(squareItemSchema),
  nextCursor: z.string().nullable(),
});

export const modelReviewBodySchema = z.object({
  decision: z.enum(['approve', 'reject']),
  note: userTextSchema(200, { label: '说明', multiline: true }).optional(),
});
