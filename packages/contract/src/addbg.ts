import { z } from 'zod';
import { endpoint } from './endpoint';
import { fileIdQuerySchema, fileIdSchema, storedFileSchema } from './files';

/**
 * 图片设计 (addbg): product cutout, new backgrounds, logos, style transfer and portraits, every
 * generation a durable job whose images are stored files of their owner. Section 7's calls under
 * `/api/addbg/`.
 */

/** Free text from a person: bounded, without NUL bytes. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `不能超过${max}个字符`)
    .refine((v) => !v.includes('\u0000'), '不能包含空字符');

/** Ids of works, images and projects: 32 hex characters, like file ids. */
export const addbgIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/, '编号不正确');

/** The engines a feature can run on; `builtin` is the offline CPU engine shipped with the portal. */
export const ADDBG_ENGINES = ['builtin', 'sdwebui', 'comfyui', 'openai'] as const;
export type AddbgEngine = (typeof ADDBG_ENGINES)[number];
export const addbgEngineNames: Readonly<Record<AddbgEngine, string>> = {
  builtin: '内置离线引擎',
  sdwebui: 'Stable Diffusion WebUI',
  comfyui: 'ComfyUI',
  openai: 'OpenAI 兼容图像接口',
};

/** Whether an option can be used now, on which engine, and if not, why (naming the engine it needs). */
const availability = {
  engine: z.enum(ADDBG_ENGINES),
  available: z.boolean(),
  /** Set when not available: the engine it needs, in Chinese. */
  reason: z.string().nullable(),
};

export const addbgSizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Marketplace presets put the product on this colour when no background is chosen. */
  background: z.string().nullable(),
});
export type AddbgSize = z.infer<typeof addbgSizeSchema>;

export const addbgLightSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where the light comes from, degrees clockwise from the top; null: no directional light. */
  angle: z.number().nullable(),
  description: z.string(),
});
export type AddbgLight = z.infer<typeof addbgLightSchema>;

export const ADDBG_BACKGROUND_KINDS = ['solid', 'gradient', 'studio', 'prompt'] as const;
export const addbgBackgroundSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(ADDBG_BACKGROUND_KINDS),
  /** The style (category) of `background/styleList` it belongs to. */
  style_id: z.string(),
  /** The colours it is made of, for a swatch while the preview loads. */
  colors: z.array(z.string()),
  /** A small preview rendered by the server (signed-in). */
  preview_url: z.string().nullable(),
  ...availability,
});
export type AddbgBackground = z.infer<typeof addbgBackgroundSchema>;

export const addbgOptionSchema = z.object({ id: z.string(), name: z.string(), ...availability });
export type AddbgOption = z.infer<typeof addbgOptionSchema>;

export const addbgStyleSchema = z.object({ id: z.string(), name: z.string() });
export type AddbgStyle = z.infer<typeof addbgStyleSchema>;

const listOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item) });

export const addbgSizeListSchema = listOf(addbgSizeSchema);
export const addbgLightListSchema = listOf(addbgLightSchema);
export const addbgBackgroundListSchema = listOf(addbgBackgroundSchema);
export const addbgStyleListSchema = listOf(addbgStyleSchema);
export const addbgOptionListSchema = listOf(addbgOptionSchema);

export const backgroundListQuerySchema = z.object({ style_id: z.string().max(64).optional() });

/** An image a work produced; `url` downloads it with the owner's token (`format=jpg` for a JPEG). */
export const addbgImageSchema = z.object({
  image_id: addbgIdSchema,
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  favorite: z.boolean(),
});
export type AddbgImage = z.infer<typeof addbgImageSchema>;

export const ADDBG_WORK_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type AddbgWorkStatus = (typeof ADDBG_WORK_STATUSES)[number];
export const ADDBG_WORK_KINDS = ['cutout', 'product', 'logo', 'style', 'portrait'] as const;
export type AddbgWorkKind = (typeof ADDBG_WORK_KINDS)[number];
export const addbgWorkKindNames: Readonly<Record<AddbgWorkKind, string>> = {
  cutout: '抠图',
  product: '商品换背景',
  logo: 'Logo',
  style: '风格迁移',
  portrait: '人像写真',
};

/** `GET works/getGenerateImageProcess?work_id=` */
export const addbgProcessSchema = z.object({
  status: z.enum(ADDBG_WORK_STATUSES),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
  images: z.array(addbgImageSchema),
});
export type AddbgProcess = z.infer<typeof addbgProcessSchema>;

export const addbgWorkSchema = addbgProcessSchema.extend({
  work_id: addbgIdSchema,
  kind: z.enum(ADDBG_WORK_KINDS),
  engine: z.enum(ADDBG_ENGINES),
  project_id: addbgIdSchema.nullable(),
  /** The source image (a file of this module), when the work has one. */
  file_id: fileIdSchema.nullable(),
  source_url: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  create_time: z.number().int(),
});
export type AddbgWork = z.infer<typeof addbgWorkSchema>;

/** Section 3's usage of the image module: generated images allowed per period. */
export const addbgUsageSchema = z.object({
  total: z.number().int().nonnegative(),
  remain: z.number().int().nonnegative(),
  /** Epoch milliseconds when `remain` is refilled to `total`. */
  refresh_ts: z.number().int(),
});
export type AddbgUsage = z.infer<typeof addbgUsageSchema>;

export const workIdBodySchema = z.object({ work_id: addbgIdSchema });
export const workIdQuerySchema = workIdBodySchema;
export const workCreatedSchema = z.object({ work_id: addbgIdSchema });
export type AddbgWorkCreated = z.infer<typeof workCreatedSchema>;

export const worksListQuerySchema = z.object({
  project_id: addbgIdSchema.optional(),
  kind: z.enum(ADDBG_WORK_KINDS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
/** The works and, as section 3 says, the usage `{total, remain, refresh_ts}` beside them. */
export const worksListSchema = addbgUsageSchema.extend({
  list: z.array(addbgWorkSchema),
  /** How many works match (all pages). */
  count: z.number().int().nonnegative(),
  usage: addbgUsageSchema,
});
export type AddbgWorksList = z.infer<typeof worksListSchema>;

export const favoriteBodySchema = z.object({ image_id: addbgIdSchema, favorite: z.boolean().default(true) });
export const favoriteResultSchema = z.object({ image_id: addbgIdSchema, favorite: z.boolean() });
export const favoriteListSchema = z.object({
  list: z.array(addbgImageSchema.extend({ work_id: addbgIdSchema, kind: z.enum(ADDBG_WORK_KINDS) })),
});

const projectField = { project_id: addbgIdSchema.optional() };
const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, '颜色格式应为 #RRGGBB');

export const cutoutBodySchema = z.object({ file_id: fileIdSchema, ...projectField });
export type CutoutBody = z.infer<typeof cutoutBodySchema>;

export const ADDBG_MAX_VARIANTS = 4;
export const productGenerateBodySchema = z.object({
  file_id: fileIdSchema,
  background_id: z.string().max(64).optional(),
  color: hexColor.optional(),
  prompt: text(500).optional(),
  size_id: z.string().max(64).optional(),
  light_id: z.string().max(64).optional(),
  count: z.number().int().min(1).max(ADDBG_MAX_VARIANTS).default(1),
  /** Product height as a share of the canvas height. */
  scale: z.number().min(0.1).max(1).default(0.7),
  /** Where the product's centre goes, as shares of the canvas (0..1). */
  x: z.number().min(0).max(1).default(0.5),
  y: z.number().min(0).max(1).default(0.55),
  shadow: z.boolean().default(true),
  /**
   * The cutout mask as corrected with the brush: an uploaded PNG (a file of this module) whose
   * white is the product and black the background, at any size (scaled to the source). Without it
   * the product is cut out by the engine.
   */
  mask_file_id: fileIdSchema.optional(),
  ...projectField,
});
export type ProductGenerateBody = z.infer<typeof productGenerateBodySchema>;

export const logoGenerateBodySchema = z.object({
  text: text(20).pipe(z.string().min(1, '请输入 Logo 文字')),
  slogan: text(40).optional(),
  style_id: z.string().max(64).optional(),
  model_id: z.string().max(64).optional(),
  color: hexColor.optional(),
  count: z.number().int().min(1).max(ADDBG_MAX_VARIANTS).default(1),
  ...projectField,
});
export type LogoGenerateBody = z.infer<typeof logoGenerateBodySchema>;

export const styleTransformBodySchema = z.object({
  file_id: fileIdSchema,
  model_id: z.string().max(64),
  prompt: text(500).optional(),
  ...projectField,
});
export type StyleTransformBody = z.infer<typeof styleTransformBodySchema>;

export const interrogateBodySchema = z.object({ file_id: fileIdSchema });
/** `vision`: a vision-capable chat model of the config described the image; `builtin`: only its size and colours. */
export const interrogateSchema = z.object({ text: z.string(), engine: z.enum([...ADDBG_ENGINES, 'vision']) });

export const imageQuerySchema = z.object({
  image_id: addbgIdSchema,
  format: z.enum(['png', 'jpg', 'svg']).default('png'),
});

/** Projects group a product's source images and works. */
export const addbgProjectSchema = z.object({
  project_id: addbgIdSchema,
  name: z.string(),
  description: z.string(),
  cover_url: z.string().nullable(),
  work_count: z.number().int().nonnegative(),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type AddbgProject = z.infer<typeof addbgProjectSchema>;
export const projectListSchema = z.object({ list: z.array(addbgProjectSchema) });
export const projectIdQuerySchema = z.object({ project_id: addbgIdSchema });
export const projectDetailSchema = z.object({ project: addbgProjectSchema, works: z.array(addbgWorkSchema) });
const projectName = text(60).pipe(z.string().min(1, '请输入项目名称'));
export const projectCreateBodySchema = z.object({ name: projectName, description: text(500).default('') });
export const projectEditBodySchema = projectCreateBodySchema.extend({ project_id: addbgIdSchema });

/** Portraits (facechain): a person's photo set trained into a personal model on a GPU engine. */
export const facechainCanCreateSchema = z.object({
  can_create: z.boolean(),
  reason: z.string().nullable(),
  /** The engines that can train and generate portraits. */
  engines: z.array(z.enum(ADDBG_ENGINES)),
});
export type FacechainCanCreate = z.infer<typeof facechainCanCreateSchema>;

/** Photos a set needs before training, and the most it may hold. */
export const FACECHAIN_MIN_PHOTOS = 3;
export const FACECHAIN_MAX_PHOTOS = 20;
/** The face photos a set accepts (checked by content on upload and again when the set is made). */
export const FACECHAIN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** `untrained`: photos stored, no model yet; `queued`/`running`: training; `done`: the personal model exists. */
export const FACECHAIN_SET_STATUSES = ['untrained', 'queued', 'running', 'done', 'failed'] as const;
export type FacechainSetStatus = (typeof FACECHAIN_SET_STATUSES)[number];
export const facechainSetStatusNames: Readonly<Record<FacechainSetStatus, string>> = {
  untrained: '未训练',
  queued: '排队训练',
  running: '训练中',
  done: '可生成',
  failed: '训练失败',
};

export const facechainPhotoSetSchema = z.object({
  photos_id: addbgIdSchema,
  name: z.string(),
  status: z.enum(FACECHAIN_SET_STATUSES),
  /** Training percent (0–100). */
  progress: z.number().int(),
  /** What the training is doing, or why it failed, in Chinese. */
  message: z.string(),
  photo_count: z.number().int(),
  /** The first photo, for the list (owner only). */
  cover_url: z.string().nullable(),
  /** When the owner agreed to the use of their face photos (epoch ms). */
  consent_time: z.number().int(),
  create_time: z.number().int(),
});
export type FacechainPhotoSet = z.infer<typeof facechainPhotoSetSchema>;
export const facechainPhotoSchema = z.object({ photo_id: addbgIdSchema, file_id: fileIdSchema, url: z.string() });
export const facechainPhotoSetDetailSchema = facechainPhotoSetSchema.extend({ photos: z.array(facechainPhotoSchema) });
export type FacechainPhotoSetDetail = z.infer<typeof facechainPhotoSetDetailSchema>;
export const facechainPhotosListSchema = z.object({ list: z.array(facechainPhotoSetSchema) });
export const facechainPhotosIdQuerySchema = z.object({ photos_id: addbgIdSchema });
export const facechainAddPhotosBodySchema = z.object({
  name: text(60).pipe(z.string().min(1, '请输入名称')),
  /** Face photos uploaded through `file/upload` (JPEG, PNG or WebP). */
  file_ids: z
    .array(fileIdSchema)
    .min(FACECHAIN_MIN_PHOTOS, `请至少上传 ${FACECHAIN_MIN_PHOTOS} 张照片`)
    .max(FACECHAIN_MAX_PHOTOS, `最多上传 ${FACECHAIN_MAX_PHOTOS} 张照片`),
  /**
   * The person agreed that their face photos are stored and used to train a personal model. Not
   * in the spec's shape, so optional here; the server refuses the call unless it is `true`.
   */
  consent: z.boolean().optional(),
});
export type FacechainAddPhotosBody = z.infer<typeof facechainAddPhotosBodySchema>;
export const facechainEditPhotosBodySchema = z.object({
  photos_id: addbgIdSchema,
  name: text(60).pipe(z.string().min(1, '请输入名称')),
});
export const facechainGenerateBodySchema = z.object({
  photos_id: addbgIdSchema,
  /** A style of `styleTypeList`. */
  style_id: z.string().max(64),
  /** A base model of `styleModelList`; the first when left out. */
  model_id: z.string().max(64).optional(),
  count: z.number().int().min(1).max(ADDBG_MAX_VARIANTS).default(1),
  ...projectField,
});
export type FacechainGenerateBody = z.infer<typeof facechainGenerateBodySchema>;
export const facechainTrainProcessSchema = z.object({
  status: z.enum(FACECHAIN_SET_STATUSES),
  progress: z.number().int(),
  message: z.string(),
});
export type FacechainTrainProcess = z.infer<typeof facechainTrainProcessSchema>;

export const addbgMessages = {
  engineNeeded: (feature: string, engines: string) => `${feature}需要${engines}，管理员尚未配置`,
  unknownBackground: '背景不存在',
  unknownSize: '尺寸不存在',
  unknownLight: '光线不存在',
  unknownStyle: '风格不存在',
  notAnImage: '源文件不是图片',
  usageExhausted: (refresh: string) => `生成次数已用完，将于${refresh}恢复`,
  queued: '排队中',
  running: '生成中',
  done: '已完成',
  failed: '生成失败，已退还次数',
  cutoutFailed: '抠图失败，已退还次数',
  facechainNeedsGpu: '人像写真需要在 GPU 引擎（ComfyUI 训练工作流）上训练个人模型，管理员尚未配置，暂不能创建',
  facechainSdwebuiOnly:
    '人像写真目前只在 ComfyUI 上训练个人模型：已配置的 Stable Diffusion WebUI 只能从它自己磁盘上的目录读取训练照片，无法通过接口训练，请管理员配置 ComfyUI',
  facechainConsent: '上传人脸照片前请先阅读并同意使用说明（照片仅本人可见，用于训练个人模型，可随时删除）',
  facechainPhotoType: '人像照片只支持 JPEG、PNG、WebP 格式',
  facechainTooFew: (min: number) => `照片太少，至少需要 ${min} 张才能训练`,
  facechainDuplicatePhoto: '同一张照片不能重复添加',
  facechainNotTrained: '个人模型还没有训练完成，训练完成后才能生成写真',
  facechainTraining: '个人模型正在训练，完成后才能修改照片集',
  facechainTrainQueued: '排队训练中',
  facechainTrainRunning: '训练中',
  facechainTrainDone: '训练完成，可以生成写真',
  facechainTrainFailed: '训练失败，可重新开始训练',
  facechainUntrained: '照片已保存，尚未训练',
} as const;

const tag = 'addbg';
const get = <Q extends z.ZodType | undefined, D extends z.ZodType>(path: string, summary: string, query: Q, data: D) =>
  endpoint({ method: 'GET', path: `/api/addbg/${path}`, summary, tag, access: 'user', query, data });
const post = <B extends z.ZodType, D extends z.ZodType | undefined>(path: string, summary: string, body: B, data: D) =>
  endpoint({ method: 'POST', path: `/api/addbg/${path}`, summary, tag, access: 'user', body, data });

const emptyQuery = z.object({});

/** Every endpoint of the image designer. */
export const addbgEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/addbg/file/upload',
    summary: 'Uploads a source image (checked by content, section 5 limits)',
    tag,
    access: 'user',
    multipart: true,
    body: z.object({ file: z.unknown() }),
    data: storedFileSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/addbg/file/download',
    summary: "Downloads one of the user's source images",
    tag,
    access: 'user',
    query: fileIdQuerySchema,
    reply: 'file',
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/addbg/works/image',
    summary: "Downloads a work's image as PNG (alpha kept) or JPG, owner only",
    tag,
    access: 'user',
    query: imageQuerySchema,
    reply: 'file',
  }),
  backgroundPreview: endpoint({
    method: 'GET',
    path: '/api/addbg/background/preview',
    summary: 'A small PNG preview of a built-in background',
    tag,
    access: 'user',
    query: z.object({ background_id: z.string().max(64) }),
    reply: 'file',
  }),
  productList: get('product/list', 'Product categories', emptyQuery, addbgStyleListSchema),
  logoModelList: get('logo/modelList', 'Logo engines and whether each is available', emptyQuery, addbgOptionListSchema),
  logoStyleList: get('logo/styleList', 'Logo templates', emptyQuery, addbgStyleListSchema),
  styleTransformModelList: get(
    'styleTransform/modelList',
    'Style-transfer models and the engine each needs',
    emptyQuery,
    addbgOptionListSchema,
  ),
  backgroundNewList: get(
    'background/newList',
    'Backgrounds (scenes, colours, prompt)',
    backgroundListQuerySchema,
    addbgBackgroundListSchema,
  ),
  backgroundStyleList: get('background/styleList', 'Background styles', emptyQuery, addbgStyleListSchema),
  sizeList: get('image/sizeList', 'Output sizes incl. marketplace presets', emptyQuery, addbgSizeListSchema),
  lightList: get('light/list', 'Light directions', emptyQuery, addbgLightListSchema),
  productGenerate: post(
    'product/generate',
    'Puts the product on a new background (durable job)',
    productGenerateBodySchema,
    workCreatedSchema,
  ),
  logoGenerate: post(
    'logo/generate',
    'Renders logos from templates, or draws them on the AI engine (durable job)',
    logoGenerateBodySchema,
    workCreatedSchema,
  ),
  styleTransformGenerate: post(
    'styleTransform/generate',
    'Redraws an image in a style on the AI engine (durable job)',
    styleTransformBodySchema,
    workCreatedSchema,
  ),
  interrogate: post('image/interrogate', 'Describes an image', interrogateBodySchema, interrogateSchema),
  cutout: post('works/cutoutImage', 'Cuts the product out (durable job)', cutoutBodySchema, workCreatedSchema),
  regenerate: post('works/regenerate', 'Runs a work again with the same options', workIdBodySchema, workCreatedSchema),
  process: get(
    'works/getGenerateImageProcess',
    "A work's status, progress and images",
    workIdQuerySchema,
    addbgProcessSchema,
  ),
  worksList: get('works/list', 'The works and the usage', worksListQuerySchema, worksListSchema),
  favorite: post(
    'works/favorite',
    'Marks or unmarks an image as a favourite',
    favoriteBodySchema,
    favoriteResultSchema,
  ),
  favoriteList: get('works/favoriteList', 'Favourite images', emptyQuery, favoriteListSchema),
  projectList: get('project/list', 'Projects', emptyQuery, projectListSchema),
  projectDetail: get('project/detail', 'A project and its works', projectIdQuerySchema, projectDetailSchema),
  projectCreate: post('project/create', 'Creates a project', projectCreateBodySchema, addbgProjectSchema),
  projectEdit: post('project/edit', 'Renames a project', projectEditBodySchema, addbgProjectSchema),
  projectDelete: post(
    'project/delete',
    'Deletes a project (its works stay, ungrouped)',
    projectIdQuerySchema,
    z.null(),
  ),
  facechainPhotosList: get('facechain/photosList', "The user's photo sets", emptyQuery, facechainPhotosListSchema),
  facechainPhotosDetail: get(
    'facechain/photosDetail',
    'A photo set with its photos',
    facechainPhotosIdQuerySchema,
    facechainPhotoSetDetailSchema,
  ),
  facechainAddPhotos: post(
    'facechain/addPhotos',
    'Creates a photo set (consent required)',
    facechainAddPhotosBodySchema,
    facechainPhotoSetSchema,
  ),
  facechainEditPhotos: post(
    'facechain/editPhotos',
    'Renames a photo set',
    facechainEditPhotosBodySchema,
    facechainPhotoSetSchema,
  ),
  facechainDeletePhotos: post(
    'facechain/deletePhotos',
    'Deletes a photo set with its photos, model and portraits',
    facechainPhotosIdQuerySchema,
    z.null(),
  ),
  facechainTrainPhotos: post(
    'facechain/trainPhotos',
    'Trains the personal model (durable job)',
    facechainPhotosIdQuerySchema,
    facechainTrainProcessSchema,
  ),
  facechainTrainProcess: get(
    'facechain/trainPhotosProcess',
    'Training progress',
    facechainPhotosIdQuerySchema,
    facechainTrainProcessSchema,
  ),
  facechainStyleTypeList: get('facechain/styleTypeList', 'Portrait style types', emptyQuery, addbgOptionListSchema),
  facechainStyleModelList: get('facechain/styleModelList', 'Portrait style models', emptyQuery, addbgOptionListSchema),
  facechainProjectCanCreate: get(
    'facechain/projectCanCreate',
    'Whether portraits can be made, and why not',
    emptyQuery,
    facechainCanCreateSchema,
  ),
  facechainGenerate: post(
    'facechain/generate',
    'Generates portraits with the personal model (durable job, a work of kind portrait)',
    facechainGenerateBodySchema,
    workCreatedSchema,
  ),
};
