/** Console texts for integrators; the SDK never shows anything to end users. */
export const bfaMessages = {
  missingTarget: 'init 失败：缺少 url 或 env',
  invalidEnv: (env: unknown) => `init 失败：env 只能是 offline、test 或 online，收到 ${String(env)}`,
  missingAppKey: 'init 失败：缺少 appKey',
  invalidType: (type: unknown) => `init 失败：type 只能是 web 或 h5，收到 ${String(type)}`,
  invalidChannel: (channel: unknown) => `init 失败：channel 只能是 web 或 h5，收到 ${String(channel)}`,
  noFetch: 'init 失败：当前环境没有 fetch，请通过 fetch 参数传入',
  alreadyReady: '已经初始化，忽略重复的 init；如需重新初始化请先调用 destroy',
  notReady: '请先调用 init',
  missingEventKey: 'track 失败：缺少事件 key',
  missingOpenedAppKey: 'trackAppOpen 失败：缺少 appKey',
} as const;

export function logError(message: string): void {
  console.error(`[bfa] ${message}`);
}
