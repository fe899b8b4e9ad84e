/**
 * The error catalogue: a stable number, the HTTP status it travels with and the zh-CN message a
 * user sees. Numbers never change meaning once shipped; later issues append to this table.
 * The first three digits of a code are its HTTP status, so a client can reason about either.
 */
export const errorCatalogue = {
  BAD_REQUEST: { code: 40000, status: 400, message: '请求参数有误' },
  VALIDATION_FAILED: { code: 40001, status: 400, message: '提交的内容不符合要求' },
  MALFORMED_JSON: { code: 40002, status: 400, message: '请求体不是有效的 JSON' },
  UNAUTHORIZED: { code: 40100, status: 401, message: '请先登录' },
  FORBIDDEN: { code: 40300, status: 403, message: '没有权限执行此操作' },
  NOT_FOUND: { code: 40400, status: 404, message: '请求的接口不存在' },
  RESOURCE_NOT_FOUND: { code: 40401, status: 404, message: '内容不存在或已被删除' },
  METHOD_NOT_ALLOWED: { code: 40500, status: 405, message: '不支持该请求方式' },
  CONFLICT: { code: 40900, status: 409, message: '操作冲突，请刷新后重试' },
  PAYLOAD_TOO_LARGE: { code: 41300, status: 413, message: '提交的内容过大' },
  UNSUPPORTED_MEDIA_TYPE: { code: 41500, status: 415, message: '不支持的内容类型' },
  TOO_MANY_REQUESTS: { code: 42900, status: 429, message: '操作过于频繁，请稍后再试' },
  // accounts
  PHONE_INVALID: { code: 40010, status: 400, message: '请输入正确的 11 位中国大陆手机号' },
  CODE_INVALID: { code: 40011, status: 400, message: '验证码错误或已过期' },
  CODE_EXHAUSTED: { code: 40012, status: 400, message: '验证码错误次数过多，请重新获取' },
  AGREEMENT_REQUIRED: { code: 40013, status: 400, message: '请先阅读并同意用户协议' },
  PHONE_TAKEN: { code: 40014, status: 400, message: '该手机号已绑定其他账号' },
  CAPTCHA_INVALID: { code: 40015, status: 400, message: '安全验证未通过或已过期，请重新验证' },
  AVATAR_INVALID: { code: 40016, status: 400, message: '头像须为 JPEG、PNG 或 WebP 图片' },
  PHONE_ALREADY_BOUND: { code: 40901, status: 409, message: '当前账号已绑定手机号' },
  ADMIN_USERNAME_TAKEN: { code: 40902, status: 409, message: '该用户名已被使用' },
  ADMIN_LAST_SUPER: {
    code: 40903,
    status: 409,
    message: '至少需要保留一个启用的超级管理员',
  },
  SESSION_EXPIRED: { code: 40101, status: 401, message: '登录已过期，请重新登录' },
  ADMIN_BAD_CREDENTIALS: { code: 40102, status: 401, message: '用户名或密码错误' },
  ACCOUNT_DISABLED: { code: 40301, status: 403, message: '账号已被停用，请联系客服' },
  ADMIN_ONLY_SUPER: { code: 40302, status: 403, message: '只有超级管理员可以管理管理员账号' },
  ADMIN_LOCKED: { code: 42300, status: 423, message: '登录失败次数过多，账号已锁定 15 分钟' },
  CAPTCHA_REQUIRED: { code: 42800, status: 428, message: '请先完成安全验证' },
  SMS_TOO_FREQUENT: { code: 42901, status: 429, message: '验证码发送过于频繁，请稍后再试' },
  SMS_HOURLY_LIMIT: {
    code: 42902,
    status: 429,
    message: '该手机号 1 小时内获取验证码次数已达上限',
  },
  SMS_DAILY_LIMIT: { code: 42903, status: 429, message: '该手机号今日获取验证码次数已达上限' },
  SMS_IP_LIMIT: { code: 42904, status: 429, message: '当前网络获取验证码次数过多，请稍后再试' },
  SMS_SEND_FAILED: { code: 50200, status: 502, message: '短信发送失败，请稍后再试' },
  // task platform
  TICKETS_INSUFFICIENT: { code: 40200, status: 402, message: '次数不足，请充值后再试' },
  INPUT_REQUIRED: { code: 40020, status: 400, message: '请先上传图片' },
  UPLOAD_INVALID: { code: 40021, status: 400, message: '图片已损坏或无法识别，请换一张' },
  TOOL_NOT_FOUND: { code: 40402, status: 404, message: '该功能不存在或已下线' },
  TASK_NOT_FOUND: { code: 40403, status: 404, message: '任务不存在或已删除' },
  FILE_NOT_FOUND: { code: 40404, status: 404, message: '文件不存在或链接已过期' },
  UPLOAD_TOO_LARGE: {
    code: 41301,
    status: 413,
    message: '图片过大，请上传不超过 5000 万像素的图片',
  },
  UPLOAD_TYPE: { code: 41501, status: 415, message: '仅支持 JPG、PNG、WebP 格式的图片' },
  CLICK_MASK_TOO_FREQUENT: { code: 42905, status: 429, message: '点选过于频繁，请稍后再试' },
  ENGINE_UNAVAILABLE: { code: 50301, status: 503, message: '该功能暂不可用，请稍后再试' },
  INTERNAL: { code: 50000, status: 500, message: '服务器开小差了，请稍后再试' },
  SERVICE_UNAVAILABLE: { code: 50300, status: 503, message: '服务暂时不可用，请稍后再试' },
  // works (bulk download) and prompt tools
  WORKS_ZIP_TOO_LARGE: {
    code: 41360,
    status: 413,
    message: '所选作品过多或过大，请分批下载（每次最多 100 个文件、共 500 MB）',
  },
  WORKS_NOTHING_TO_ZIP: { code: 40060, status: 400, message: '所选作品还没有可下载的结果' },
  PROMPT_UNCONFIGURED: {
    code: 50360,
    status: 503,
    message: '提示词工具尚未接入语言模型，请联系管理员配置后再试',
  },
  PROMPT_MODEL_FAILED: { code: 50260, status: 502, message: '语言模型暂时没有响应，请稍后再试' },
  PROMPT_TOO_FREQUENT: { code: 42960, status: 429, message: '生成太频繁了，请稍等一分钟再试' },
  // done pages and share links
  SHARE_NOT_FOUND: {
    code: 40480,
    status: 404,
    message: '找不到这个作品，分享链接可能已失效或被作者关闭',
  },
  TASK_NOT_SHAREABLE: { code: 40980, status: 409, message: '任务完成并有结果后才能分享' },
  // assistant (chat and the image-editing model)
  ASSISTANT_UNCONFIGURED: {
    code: 50370,
    status: 503,
    message: 'AI 助手尚未接入语言模型，请联系管理员配置后再试',
  },
  ASSISTANT_MODEL_FAILED: { code: 50270, status: 502, message: '语言模型服务出错了，请稍后再试' },
  ASSISTANT_MODEL_TIMEOUT: {
    code: 50470,
    status: 504,
    message: '语言模型长时间没有响应，请稍后再试',
  },
  ASSISTANT_TOO_FREQUENT: { code: 42970, status: 429, message: '提问太频繁了，请稍等一分钟再试' },
  ASSISTANT_IMAGE_REQUIRED: { code: 40070, status: 400, message: '请先上传一张图片再提问' },
  EDIT_INSTRUCTION_REQUIRED: { code: 40071, status: 400, message: '请描述你想怎样修改这张图片' },
  CONVERSATION_NOT_FOUND: { code: 40470, status: 404, message: '对话不存在或已被删除' },
  EDIT_NOT_FOUND: { code: 40471, status: 404, message: '这次图片编辑不存在或已被删除' },
  // performance: codes ending 17
  TASK_EVENTS_TOO_MANY: {
    code: 42917,
    status: 429,
    message: '打开的页面过多，实时进度已改为定时刷新',
  },
  TASK_EVENTS_UNAVAILABLE: {
    code: 50317,
    status: 503,
    message: '实时进度暂不可用，已改为定时刷新',
  },
  // --
  // reliability and security: codes ending 90–99 and 03–09
  TASK_QUEUE_FULL: {
    code: 42990,
    status: 429,
    message: '排队中的任务已达上限，请等前面的任务完成后再提交',
  },
  // --
  WECHAT_UNAVAILABLE: {
    code: 50395,
    status: 503,
    message: '微信登录暂未开放，请使用手机号验证码登录',
  },
  FACE_UNAVAILABLE: { code: 50396, status: 503, message: '人脸核验暂未开放，请稍后再试' },
  WECHAT_QR_TOO_FREQUENT: { code: 42995, status: 429, message: '获取二维码过于频繁，请稍后再试' },
  IDEMPOTENCY_KEY_TOO_LONG: {
    code: 40095,
    status: 400,
    message: '请求编号（Idempotency-Key）不能超过 128 个字符',
  },
  IDEMPOTENCY_KEY_REUSED: {
    code: 42295,
    status: 422,
    message: '该请求编号（Idempotency-Key）已用于另一个不同的请求，请换一个编号',
  },
  // commerce: orders, payments, VIP, activity: codes ending 30–39
  PRODUCT_NOT_FOUND: { code: 40430, status: 404, message: '商品不存在或已下架' },
  VIP_REQUIRED: { code: 40330, status: 403, message: '该功能为会员权益，开通 VIP 后即可使用' },
  ORDER_NOT_FOUND: { code: 40431, status: 404, message: '订单不存在' },
  PAY_CHANNEL_OFF: { code: 40030, status: 400, message: '暂不支持该支付方式，请换一种' },
  CUSTOM_QUANTITY_INVALID: { code: 40031, status: 400, message: '请选择要购买的次数' },
  CUSTOM_TOO_LARGE: {
    code: 40032,
    status: 400,
    message: '购买数量超过在线购买上限，请留下联系方式获取企业方案',
  },
  PRODUCT_SOLD_OUT: { code: 40930, status: 409, message: '活动名额已被抢完' },
  PURCHASE_LIMIT: {
    code: 40931,
    status: 409,
    message: '该商品每位用户限购 1 份，您已购买或有待支付的订单',
  },
  ACTIVITY_CLOSED: { code: 40932, status: 409, message: '活动未开始或已结束' },
  ORDER_ALREADY_PAID: {
    code: 40933,
    status: 409,
    message: '您的上一笔订单已支付成功，请勿重复购买',
  },
  REFUND_NOT_ALLOWED: { code: 40934, status: 409, message: '只有已支付的订单可以退款' },
  REFUND_REQUEST_NOT_ALLOWED: {
    code: 40935,
    status: 409,
    message: '该订单不能申请退款：仅支付后 7 天内、尚未退款的订单可以申请',
  },
  PAYMENT_PROVIDER_FAILED: { code: 50230, status: 502, message: '支付服务暂时不可用，请稍后再试' },
  PENDING_ORDERS_LIMIT: {
    code: 40938,
    status: 409,
    message: '您的待支付订单过多，请先完成支付或等待订单过期后再下单',
  },
  ORDER_TOO_FREQUENT: { code: 42938, status: 429, message: '下单太频繁了，请稍等一分钟再试' },
  ENTERPRISE_CONTACT_TOO_FREQUENT: {
    code: 42939,
    status: 429,
    message: '提交太频繁了，请稍后再试；我们会尽快联系您',
  },
  // --
  // community: gallery, collections, reports: codes ending 40–49
  GALLERY_NOT_FOUND: { code: 40440, status: 404, message: '图片不存在或已被作者删除' },
  GALLERY_COLLECTION_NOT_FOUND: { code: 40441, status: 404, message: '合集不存在或已被删除' },
  GALLERY_CURSOR_INVALID: { code: 40040, status: 400, message: '翻页参数有误，请刷新后重试' },
  GALLERY_OUTPUT_INVALID: { code: 40041, status: 400, message: '这张结果图不存在，请刷新后重试' },
  GALLERY_TASK_NOT_PUBLISHABLE: {
    code: 40940,
    status: 409,
    message: '任务完成并有结果后才能发布到灵感广场',
  },
  GALLERY_DEFAULT_COLLECTION: { code: 40941, status: 409, message: '默认合集不能删除' },
  GALLERY_COLLECTIONS_FULL: { code: 40942, status: 409, message: '最多创建 50 个合集' },
  GALLERY_CASE_NOT_FOUND: { code: 40442, status: 404, message: '案例不存在或已被作者删除' },
  GALLERY_PROJECT_EMPTY: {
    code: 40943,
    status: 409,
    message: '这个项目里还没有完成的作品，先生成再发布',
  },
  GALLERY_CASE_NAME_TAKEN: {
    code: 40944,
    status: 409,
    message: '已有同名案例属于另一个项目，请先给项目换个名称',
  },
  GALLERY_PUBLISH_TOO_FREQUENT: {
    code: 42948,
    status: 429,
    message: '发布太频繁了，请稍等一分钟再试',
  },
  // --
  // model training and the model square: codes ending 50–59
  MODEL_NOT_FOUND: { code: 40450, status: 404, message: '模型不存在或已被删除' },
  TRAIN_DATASET_INVALID: { code: 40050, status: 400, message: '训练图片不符合要求' },
  TRAIN_DOMAIN_UNKNOWN: { code: 40051, status: 400, message: '请选择训练方向' },
  TRAIN_TRIGGER_INVALID: {
    code: 40052,
    status: 400,
    message: '触发词须为 3–20 位英文字母、数字或下划线，以字母开头',
  },
  MODEL_NOT_USABLE: { code: 40353, status: 403, message: '该模型未公开或尚未训练完成，无法使用' },
  MODEL_NOT_FINISHED: { code: 40954, status: 409, message: '模型训练完成后才能进行此操作' },
  TRAIN_UNAVAILABLE: { code: 50350, status: 503, message: '模型训练暂不可用' },
  // --
  // admin console: codes ending 75–79
  ADMIN_PERMISSION_DENIED: { code: 40375, status: 403, message: '当前管理员角色无权执行此操作' },
  ADMIN_REASON_REQUIRED: { code: 40075, status: 400, message: '请填写操作原因' },
  ADMIN_BALANCE_NEGATIVE: {
    code: 40976,
    status: 409,
    message: '调整后余额不能小于 0，请刷新后重试',
  },
  ADMIN_ADJUST_LIMIT: { code: 40376, status: 403, message: '超出运营单次可调整的次数上限' },
  ADMIN_TASK_NOT_CANCELABLE: { code: 40977, status: 409, message: '该任务当前状态无法执行此操作' },
  ADMIN_ENGINE_UNKNOWN: { code: 40475, status: 404, message: '没有这个引擎或工具' },
  FEATURE_OFF: { code: 50375, status: 503, message: '该功能暂时关闭，请稍后再试' },
  ADMIN_PRODUCT_ID_TAKEN: { code: 40978, status: 409, message: '商品编号已存在，请换一个' },
  ADMIN_NOT_SETTLEABLE: {
    code: 40979,
    status: 409,
    message: '支付平台未确认该订单已付款，不能补单',
  },
  ADMIN_REFUND_SECOND_APPROVER: {
    code: 40377,
    status: 403,
    message: '退款需由另一位管理员批准，发起人不能自己批准',
  },
  ADMIN_REFUND_NOT_REQUESTED: { code: 40478, status: 404, message: '该订单没有待批准的退款申请' },
  ADMIN_DAILY_LIMIT: {
    code: 40378,
    status: 403,
    message: '已达到 24 小时内的发放上限，请联系超级管理员',
  },
  ADMIN_VIP_DAYS_LIMIT: {
    code: 40379,
    status: 403,
    message: '单次赠送的会员天数超出当前角色的上限',
  },
  // --
  // the designer's first hour: codes ending 22–29
  PROJECT_NOT_FOUND: { code: 40422, status: 404, message: '这个项目不存在或已被删除' },
  PROJECT_NAME_TAKEN: { code: 40922, status: 409, message: '已有同名项目，换个名称吧' },
  PROJECT_LIMIT: {
    code: 40023,
    status: 400,
    message: '项目数量已达上限（100 个），请先整理旧项目',
  },
  SAMPLE_NOT_FOUND: { code: 40424, status: 404, message: '没有这张示例图' },
  SAMPLES_RUNNING: { code: 40925, status: 409, message: '示例图正在生成中，完成后再试' },
  // --
  // guide, contact, SSO, tracking: codes ending 85–89
  SSO_TICKET_NOT_FOUND: { code: 40485, status: 404, message: '登录凭证不存在或已失效，请重新登录' },
  FEEDBACK_NOT_FOUND: { code: 40486, status: 404, message: '这条反馈不存在或已被删除' },
  FEEDBACK_SCREENSHOT_INVALID: {
    code: 40086,
    status: 400,
    message: '截图须是你自己上传的图片，请重新上传',
  },
  FEEDBACK_TOO_FREQUENT: { code: 42986, status: 429, message: '反馈提交太频繁了，请稍后再试' },
  TRACK_TOO_FREQUENT: { code: 42987, status: 429, message: '统计上报过于频繁' },
  SSO_SERVICE_NOT_ALLOWED: {
    code: 40385,
    status: 403,
    message: '该地址未获准使用单点登录（service 不在允许的站点之列）',
  },
  // --
  // storage: codes 507xx
  /** The disk (or its quota) under DATA_DIR, the database's or the bucket's, is full. */
  STORAGE_FULL: { code: 50700, status: 507, message: '存储空间不足，请稍后再试' },
  // --
} as const satisfies Record<string, { code: number; status: number; message: string }>;

export type ErrorKey = keyof typeof errorCatalogue;
export type ErrorCode = (typeof errorCatalogue)[ErrorKey]['code'];

const byCode = new Map<number, { key: ErrorKey; status: number; message: string }>(
  (Object.keys(errorCatalogue) as ErrorKey[]).map((key) => [
    errorCatalogue[key].code,
    { key, status: errorCatalogue[key].status, message: errorCatalogue[key].message },
  ]),
);

/** Look up a catalogue entry by its number (for clients that receive only the code). */
export const errorByCode = (code: number) => byCode.get(code);
