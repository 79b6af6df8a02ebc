import { MODULE_ROUTES } from '@portal/contract';

/** Pages outside the module table that still show a title of their own. */
const otherPageTitles: Record<string, string> = {
  preview: '预览',
  dev: '开发调试',
  prompt: '提示词',
};

/** Display names of the modules (from the contract's module table) when the catalogue has no entry for them. */
export const moduleTitles: Record<string, string> = {
  ...Object.fromEntries(MODULE_ROUTES.map((m) => [m.name, m.title])),
  ...otherPageTitles,
};

export function isModuleRoute(name: string | undefined): name is string {
  return name !== undefined && Object.prototype.hasOwnProperty.call(moduleTitles, name);
}
