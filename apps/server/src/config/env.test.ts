import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, defaultWebDist, loadEnv } from './env';

const cwd = '/srv/huijing';

const problemsOf = (source: Record<string, string>): string[] => {
  try {
    loadEnv(source, { cwd });
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  throw new Error('expected loadEnv to throw');
};

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({}, { cwd });
    expect(env).toMatchObject({
      PORT: 8000,
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/huijing/data',
      database: { dialect: 'sqlite', file: '/srv/huijing/data/huijing.sqlite' },
      LOG_LEVEL: 'info',
      BODY_LIMIT_BYTES: 12 * 1024 * 1024,
      LEGACY_HOSTS: [],
      CANONICAL_HOST: undefined,
      REDIS_URL: undefined,
      COMFYUI_URL: undefined,
      OPENAI_IMAGES_BASE_URL: undefined,
      TRUST_PROXY: false,
    });
    expect(path.isAbsolute(env.WEB_DIST)).toBe(true);
  });

  it('bounds the PostgreSQL waits and the free space of DATA_DIR, with defaults', () => {
    const url = 'postgres://db/huijing';
    expect(loadEnv({ DATABASE_URL: url }, { cwd })).toMatchObject({
      database: { timeouts: { queryMs: 10_000, connectMs: 5_000, idleInTransactionMs: 60_000 } },
      DATA_DIR_MIN_FREE_BYTES: 1024 * 1024 * 1024,
    });
    const set = loadEnv(
      {
        DATABASE_URL: url,
        DB_QUERY_TIMEOUT_MS: '2500',
        DB_CONNECT_TIMEOUT_MS: '1500',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30000',
        DATA_DIR_MIN_FREE_BYTES: '0',
      },
      { cwd },
    );
    expect(set).toMatchObject({
      database: { timeouts: { queryMs: 2500, connectMs: 1500, idleInTransactionMs: 30_000 } },
      DATA_DIR_MIN_FREE_BYTES: 0,
    });
    expect(problemsOf({ DB_QUERY_TIMEOUT_MS: '0', DATA_DIR_MIN_FREE_BYTES: '-1' })).toEqual([
      'DB_QUERY_TIMEOUT_MS: must be positive',
      'DATA_DIR_MIN_FREE_BYTES: must be 0 or more',
    ]);
  });

  it('finds the repo web build from the source file location', () => {
    const here = path.resolve(import.meta.dirname);
    const repoRoot = path.resolve(here, '../../../..');
    expect(defaultWebDist(path.join(here, 'env.ts'))).toBe(path.join(repoRoot, 'apps/web/dist'));
    // The bundle lives in apps/server/dist and must find the same directory.
    expect(defaultWebDist(path.join(repoRoot, 'apps/server/dist/main.js'))).toBe(
      path.join(repoRoot, 'apps/web/dist'),
    );
    expect(loadEnv({}, { cwd }).WEB_DIST).toBe(path.join(repoRoot, 'apps/web/dist'));
  });

  it('parses every variable when set', () => {
    const env = loadEnv(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgresql://u:p@db:5432/huijing',
        LOG_LEVEL: 'debug',
        WEB_DIST: 'web',
        BODY_LIMIT_BYTES: '1024',
        LEGACY_HOSTS: ' Old.Example.com , legacy.example.com:8080 ',
        CANONICAL_HOST: 'https://new.example.com/',
        REDIS_URL: 'redis://cache:6379',
        COMFYUI_URL: 'http://gpu:8188',
        OPENAI_IMAGES_BASE_URL: 'https://api.example.com/v1',
        TRUST_PROXY: 'true',
      },
      { cwd },
    );
    expect(env).toMatchObject({
      PORT: 9000,
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/huijing/var/data',
      database: { dialect: 'postgres', url: 'postgresql://u:p@db:5432/huijing' },
      LOG_LEVEL: 'debug',
      WEB_DIST: '/srv/huijing/web',
      BODY_LIMIT_BYTES: 1024,
      LEGACY_HOSTS: ['old.example.com', 'legacy.example.com:8080'],
      CANONICAL_HOST: 'https://new.example.com',
      REDIS_URL: 'redis://cache:6379',
      COMFYUI_URL: 'http://gpu:8188',
      OPENAI_IMAGES_BASE_URL: 'https://api.example.com/v1',
      TRUST_PROXY: true,
    });
  });

  it('configures the hosted engines only with their keys, with the documented defaults', () => {
    const none = loadEnv({ DASHSCOPE_BASE_URL: 'http://127.0.0.1:1' }, { cwd });
    expect(none.dashscope).toBeUndefined();
    expect(none.ark).toBeUndefined();
    const env = loadEnv(
      {
        DASHSCOPE_API_KEY: 'sk-1',
        ARK_API_KEY: 'ark-1',
        ARK_MODEL_SEEDANCE: 'doubao-seedance-1-0-lite-i2v-250428',
      },
      { cwd },
    );
    expect(env.dashscope).toEqual({
      apiKey: 'sk-1',
      baseUrl: 'https://dashscope.aliyuncs.com',
      concurrency: 2,
      models: {},
    });
    expect(env.ark).toEqual({
      apiKey: 'ark-1',
      baseUrl: 'https://ark.cn-beijing.volces.com',
      concurrency: 5,
      models: { seedance: 'doubao-seedance-1-0-lite-i2v-250428' },
    });
    const set = loadEnv(
      {
        DASHSCOPE_API_KEY: 'sk-1',
        DASHSCOPE_BASE_URL: 'https://dashscope-intl.aliyuncs.com',
        DASHSCOPE_MODEL_TEXT_TO_IMAGE: 'wan2.5-t2i-preview',
        DASHSCOPE_CONCURRENCY: '4',
      },
      { cwd },
    );
    expect(set.dashscope).toMatchObject({
      baseUrl: 'https://dashscope-intl.aliyuncs.com',
      concurrency: 4,
      models: { textToImage: 'wan2.5-t2i-preview' },
    });
    expect(problemsOf({ DASHSCOPE_CONCURRENCY: '0', ARK_BASE_URL: 'ark' })).toEqual([
      'DASHSCOPE_CONCURRENCY: must be positive',
      'ARK_BASE_URL: must be an http(s) URL',
    ]);
  });

  it('resolves relative paths against the directory npm was started from', () => {
    expect(loadEnv({ INIT_CWD: '/repo', DATA_DIR: 'd' }).DATA_DIR).toBe('/repo/d');
    expect(loadEnv({ DATA_DIR: 'd' }).DATA_DIR).toBe(path.resolve(process.cwd(), 'd'));
  });

  it('chooses readable logs on a terminal and JSON elsewhere unless LOG_FORMAT says', () => {
    const tty = process.stdout.isTTY;
    try {
      process.stdout.isTTY = true;
      expect(loadEnv({}, { cwd }).LOG_FORMAT).toBe('pretty');
      process.stdout.isTTY = false;
      expect(loadEnv({}, { cwd }).LOG_FORMAT).toBe('json');
      expect(loadEnv({ LOG_FORMAT: 'pretty' }, { cwd }).LOG_FORMAT).toBe('pretty');
    } finally {
      process.stdout.isTTY = tty;
    }
    expect(problemsOf({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT: must be json or pretty']);
  });

  it('takes COMFYUI_URL as one URL or a comma-separated list of backends', () => {
    expect(loadEnv({ COMFYUI_URL: 'http://gpu:8188' }, { cwd }).comfyUiUrls).toEqual([
      'http://gpu:8188',
    ]);
    expect(
      loadEnv({ COMFYUI_URL: ' http://gpu-1:8188 ,https://gpu-2.example.com/comfy, ' }, { cwd })
        .comfyUiUrls,
    ).toEqual(['http://gpu-1:8188', 'https://gpu-2.example.com/comfy']);
    expect(loadEnv({}, { cwd }).comfyUiUrls).toEqual([]);
    expect(problemsOf({ COMFYUI_URL: 'http://gpu-1:8188,gpu-2:8188' })).toEqual([
      'COMFYUI_URL: must be an http(s) URL or a comma-separated list of them',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: ' ' }, { cwd })).toMatchObject({
      PORT: 8000,
      database: { dialect: 'sqlite' },
    });
  });

  it('lists every problem in one error', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/huijing',
      LOG_LEVEL: 'loud',
      BODY_LIMIT_BYTES: '-5',
      LEGACY_HOSTS: 'old.example.com',
      REDIS_URL: 'http://cache',
      COMFYUI_URL: 'gpu:8188',
      OPENAI_IMAGES_BASE_URL: 'ftp://x',
      TRUST_PROXY: 'maybe',
    });
    const fields = problems.map((p) => p.split(':')[0]);
    expect(fields.sort()).toEqual(
      [
        'BODY_LIMIT_BYTES',
        'CANONICAL_HOST',
        'COMFYUI_URL',
        'DATABASE_URL',
        'LOG_LEVEL',
        'OPENAI_IMAGES_BASE_URL',
        'PORT',
        'REDIS_URL',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(() => loadEnv({ PORT: 'x', LOG_LEVEL: 'y' }, { cwd })).toThrow(
      /Invalid environment configuration:\n {2}- PORT: .*\n {2}- LOG_LEVEL: /,
    );
  });

  it('rejects a canonical host that is also a legacy host and malformed host lists', () => {
    expect(problemsOf({ LEGACY_HOSTS: 'a.com,b.com', CANONICAL_HOST: 'https://b.com' })).toEqual([
      'CANONICAL_HOST: must not be one of LEGACY_HOSTS (redirect loop)',
    ]);
    expect(problemsOf({ LEGACY_HOSTS: 'https://a.com/x', CANONICAL_HOST: 'b.com/path' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^LEGACY_HOSTS: /),
        expect.stringMatching(/^CANONICAL_HOST: /),
      ]),
    );
  });

  it('accepts port 0 (any free port) and rejects out-of-range ports', () => {
    expect(loadEnv({ PORT: '0' }, { cwd }).PORT).toBe(0);
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT: /)]);
  });

  it('parses the accounts settings with their defaults', () => {
    const env = loadEnv({}, { cwd });
    expect(env).toMatchObject({
      signupTickets: { 1: 10, 2: 3, 3: 20, 4: 1 },
      testLogin: false,
      sms: { provider: 'outbox' },
      wechat: { provider: 'simulator' },
      captcha: { cost: 500, counterMax: 10_000 },
      smsIpCaptchaAfter: 3,
      smsIpHourlyLimit: 20,
      bootstrapAdmin: undefined,
      APP_SECRET: undefined,
    });
    expect(loadEnv({ SIGNUP_TICKETS: '1:5, 4:0' }, { cwd }).signupTickets).toEqual({ 1: 5, 4: 0 });
  });

  it('lists every missing key of the chosen SMS and WeChat providers at once', () => {
    expect(
      problemsOf({ SMS_PROVIDER: 'tencent', WECHAT_PROVIDER: 'mp', TENCENT_SMS_SECRET_ID: 'x' }),
    ).toEqual([
      'TENCENT_SMS_SECRET_KEY: required when SMS_PROVIDER=tencent',
      'TENCENT_SMS_SDK_APP_ID: required when SMS_PROVIDER=tencent',
      'TENCENT_SMS_SIGN_NAME: required when SMS_PROVIDER=tencent',
      'TENCENT_SMS_TEMPLATE_ID: required when SMS_PROVIDER=tencent',
      'WECHAT_APP_ID: required when WECHAT_PROVIDER=mp',
      'WECHAT_APP_SECRET: required when WECHAT_PROVIDER=mp',
      'WECHAT_TOKEN: required when WECHAT_PROVIDER=mp',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'aliyun' })).toHaveLength(4);
    expect(
      problemsOf({ SIGNUP_TICKETS: '5:1', ADMIN_USERNAME: 'root', APP_SECRET: 'short' }),
    ).toEqual([
      'APP_SECRET: must be at least 32 characters',
      'SIGNUP_TICKETS: must look like 1:10,2:3,3:20,4:1 (ticket type 1-4 : count)',
      'ADMIN_USERNAME, ADMIN_PASSWORD: set both to create the first super admin, or neither',
    ]);
  });

  it('refuses the retired CAPTCHA_BITS, naming what replaced it', () => {
    expect(problemsOf({ CAPTCHA_BITS: '16' })).toEqual([
      expect.stringMatching(/^CAPTCHA_BITS: no longer used .*CAPTCHA_COST/),
    ]);
    expect(loadEnv({ CAPTCHA_COST: '800' }, { cwd }).captcha.cost).toBe(800);
  });

  it('chooses the storage driver and lists every missing s3 key at once', () => {
    expect(loadEnv({}, { cwd }).storage).toEqual({ driver: 'local' });
    expect(loadEnv({ STORAGE_DRIVER: 'local', S3_BUCKET: 'b' }, { cwd }).storage).toEqual({
      driver: 'local',
    });
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_ENDPOINT: required for the s3 storage driver',
      'S3_BUCKET: required for the s3 storage driver',
      'S3_ACCESS_KEY_ID: required for the s3 storage driver',
      'S3_SECRET_ACCESS_KEY: required for the s3 storage driver',
    ]);
    // A bucket alone selects s3, so the rest is asked for rather than silently using local disk.
    expect(problemsOf({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000', S3_PREFIX: 'a/../b' })).toEqual([
      'S3_ENDPOINT: must be an http(s) URL',
      'S3_PREFIX: must be letters, digits and / . _ - (a key prefix such as huijing/prod)',
      'S3_ACCESS_KEY_ID: required for the s3 storage driver',
      'S3_SECRET_ACCESS_KEY: required for the s3 storage driver',
    ]);
    expect(problemsOf({ STORAGE_DRIVER: 'gcs', S3_FORCE_PATH_STYLE: 'maybe' })).toEqual([
      'STORAGE_DRIVER: must be local or s3',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'huijing',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadEnv(s3, { cwd }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'huijing',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      region: 'us-east-1',
      forcePathStyle: true,
      prefix: undefined,
    });
    expect(
      loadEnv(
        { ...s3, S3_REGION: 'cn-north-1', S3_FORCE_PATH_STYLE: 'false', S3_PREFIX: '/prod/' },
        { cwd },
      ).storage,
    ).toMatchObject({ region: 'cn-north-1', forcePathStyle: false, prefix: 'prod' });
  });

  it('builds the provider configurations', () => {
    const env = loadEnv(
      {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: '绘境',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        WECHAT_PROVIDER: 'mp',
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's',
        WECHAT_TOKEN: 't',
        WECHAT_API_BASE: 'http://127.0.0.1:9/',
        TEST_LOGIN: 'on',
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'a-long-password',
      },
      { cwd },
    );
    expect(env.sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      signName: '绘境',
      templateCode: 'SMS_1',
      endpoint: 'dysmsapi.aliyuncs.com',
    });
    expect(env.wechat).toEqual({
      provider: 'mp',
      appId: 'wx1',
      appSecret: 's',
      token: 't',
      apiBase: 'http://127.0.0.1:9',
    });
    expect(env.testLogin).toBe(true);
    expect(env.bootstrapAdmin).toEqual({ username: 'root', password: 'a-long-password' });
  });
});
