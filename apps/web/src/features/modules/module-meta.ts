/** Display names of the modules when the catalogue has no entry for them. */
export const moduleTitles: Record<string, string> = {
  chatgpt: 'ChatGPT',
  deepseek: 'DeepSeek',
  metaso: '智能搜索助手',
  addbg: '图片设计',
  brainstorm: '创意头脑风暴',
  insight: '用户感性洞察',
  pdf: 'PDF文档分析',
  report: '行业分析报告',
  marketing: '案例分析',
  red: '社媒洞察',
  stablediffusion: 'Stable Diffusion',
  comfyui: 'ComfyUI',
  preview: '预览',
  dev: '开发调试',
  prompt: '提示词',
};

export function isModuleRoute(name: string | undefined): name is string {
  return name !== undefined && name in moduleTitles;
}
