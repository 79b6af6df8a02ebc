/**
 * The error catalogue shared by server and web. The body's `code` tells the client what to do;
 * the HTTP status only tells the class of failure.
 */
export const ErrorCode = {
  ok: 0,
  tokenExpired: 1001,
  notSignedIn: 1002,
  refreshInvalid: 1003,
  permissionsChanged: 1004,
  plainString: 1099,
  validation: 4001,
  forbidden: 4003,
  notFound: 4004,
  tooLarge: 4013,
  unsupportedMediaType: 4015,
  rateLimited: 4029,
  quotaExhausted: 4030,
  resourceGone: 4000,
  upstream: 5002,
  internal: 5000,
  /** A dependency the server needs (the database) cannot be reached for now: retry later. */
  unavailable: 5003,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default HTTP status for each code (the class of failure). */
export const httpStatusOf: Record<ErrorCodeValue, number> = {
  0: 200,
  1001: 401,
  1002: 401,
  1003: 401,
  1004: 401,
  1099: 500,
  4001: 400,
  4003: 403,
  4004: 404,
  4013: 413,
  4015: 415,
  4029: 429,
  4030: 429,
  4000: 404,
  5002: 502,
  5000: 500,
  5003: 503,
};

/** Chinese user-facing messages, exactly as the spec words them where it does. */
export const ErrorMessage = {
  sessionExpired: '登录已失效，请重新登录',
  permissionsChanged: '用户权限更新，即将刷新页面',
  streamTimeout: '抱歉，回复超时，请重新提问',
  invalidOpenLink: '无效的地址参数',
  unknownApiKey: '请求地址数据关键词设置不正确',
  tokenExpired: '登录凭证已过期',
  notSignedIn: '请先登录',
  refreshInvalid: '登录凭证无效，请重新登录',
  forbiddenApp: '您没有使用该应用的权限',
  forbiddenAdmin: '仅管理员可以执行此操作',
  notFound: '请求的资源不存在',
  routeNotFound: '接口不存在',
  resourceGone: '该内容不存在或已被删除',
  /** A session address whose id is unknown, malformed or another person's: the module's welcome page says so. */
  sessionGone: '会话不存在或已删除',
  tooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的文件类型',
  rateLimited: '请求过于频繁，请稍后再试',
  quotaExhausted: '本模块使用次数已用完，请稍后再试',
  internal: '服务器内部错误，请稍后再试',
  upstream: '模型服务暂时不可用，请稍后再试',
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
  invalidLoginState: '登录请求无效或已过期，请重新登录',
  loginOtherBrowser: '该登录链接不是在当前浏览器中发起的，已拒绝登录。请在当前浏览器中重新登录',
  identityTaken: '该账号标识已属于另一种登录方式的账号，已拒绝登录，请联系管理员',
  invalidCode: '一次性授权码无效或已使用',
} as const;

/** Validation message naming the bad field, e.g. 参数 conv_id 不合法：… */
export function validationMessage(field: string, detail: string): string {
  return field ? `参数 ${field} 不合法：${detail}` : `请求参数不合法：${detail}`;
}
