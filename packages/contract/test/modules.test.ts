import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_APIS,
  CHAT_MODULES,
  chatMessageApiSchema,
  chatModels,
  MODULE_NAMES,
  MODULES,
  modulesOfFamily,
  SESSION_MODULES,
  sessionModuleSchema,
  sessionModuleType,
  type ModuleEntry,
} from '../src';

describe('module lists derived from the module table', () => {
  it('lists the chat modules and the session tools from their family column, in table order', () => {
    expect(CHAT_MODULES).toEqual(['chatgpt', 'deepseek', 'metaso']);
    expect(SESSION_MODULES).toEqual(['brainstorm', 'insight', 'pdf']);
    expect(modulesOfFamily('report')).toEqual(['report']);
    expect(modulesOfFamily('marketing')).toEqual(['marketing']);
  });

  it('gives every chat module its models, and nothing else', () => {
    expect(Object.keys(chatModels)).toEqual(CHAT_MODULES);
  });

  it("takes the chat models' message APIs from the chat modules' prefixes", () => {
    expect(CHAT_MESSAGE_APIS).toEqual(['chatgpt', 'ernie', 'zhipu', 'deepseek', 'metaso']);
    expect(chatMessageApiSchema.options).toEqual(CHAT_MESSAGE_APIS);
  });

  it("keeps the session tools' type numbers and schema on the table", () => {
    const families = MODULE_NAMES.map((name) => (MODULES[name] as ModuleEntry).family);
    expect(families.filter((f) => f === 'sessions')).toHaveLength(SESSION_MODULES.length);
    expect(sessionModuleType).toEqual({ brainstorm: 3, insight: 4, pdf: 5 });
    expect(sessionModuleSchema.safeParse('report').success).toBe(false);
    expect(sessionModuleSchema.safeParse('pdf').success).toBe(true);
  });
});
