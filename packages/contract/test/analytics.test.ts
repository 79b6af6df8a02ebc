import { describe, expect, it } from 'vitest';
import {
  analyticsBatchSchema,
  analyticsCollectResponseSchema,
  analyticsConstants,
  analyticsEventSchema,
  analyticsEventTypes,
  analyticsLimits,
} from '../src';

const base = {
  event_id: '9b2f6c1e-3d4a-4f5b-8c6d-7e8f9a0b1c2d',
  anonymous_id: '5f1d2c3b-4a59-4687-9a8b-0c1d2e3f4a5b',
  tab_id: 'f0e1d2c3-b4a5-4968-8776-655443322110',
  cycle_id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  page_url: 'https://portal.example.com/chatgpt/session?id=12',
  referrer: '',
  ts: 1_795_000_000_000,
  screen: { width: 1920, height: 1080 },
  scroll: { width: 1903, height: 4200 },
  app_key: 'portal',
  user_id: null,
  app_version: analyticsConstants.appVersion,
  app_name: 'AI 门户',
  channel: 'web',
  env: 'online',
  suid: null,
  schema_version: analyticsConstants.schemaVersion,
};

const details: Record<number, unknown> = {
  0: { key: 'click_banner', params: { id: 7, label: 'top', on: true, none: null } },
  12: { app_key: 'mscopilot' },
  100: {},
  101: {},
  102: { stay_ms: 5000 },
  103: { stay_ms: 42000 },
  105: { scroll_top: 640, scroll_height: 4200 },
  106: { from: '/home', to: '/red/overview', route_name: 'red' },
  200: { duration_ms: 183, http_status: 200, code: 0, message: 'ok', path: '/api/app/list', request_id: 'r1' },
  201: { user_id: '10086' },
  300: { message: 'boom', stack: 'Error: boom\n    at x', source: 'app.js:1:2' },
};

const event = (type: number, detail = details[type], extra: Record<string, unknown> = {}) => ({
  ...base,
  type,
  detail,
  ...extra,
});

describe('analytics event schema', () => {
  it('has a detail shape for every event type code', () => {
    expect(Object.values(analyticsEventTypes).sort((a, b) => a - b)).toEqual([
      0, 12, 100, 101, 102, 103, 105, 106, 200, 201, 300,
    ]);
    for (const type of Object.values(analyticsEventTypes)) {
      expect(analyticsEventSchema.safeParse(event(type)).success, `type ${type}`).toBe(true);
    }
  });

  it('rejects a detail that belongs to another type', () => {
    expect(analyticsEventSchema.safeParse(event(102, details[105])).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(100, { stay_ms: 1 })).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(12, {})).success).toBe(false);
  });

  it('rejects unknown types, versions, channels and envs', () => {
    expect(analyticsEventSchema.safeParse(event(104, {})).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(100, {}, { schema_version: '2.0.0' })).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(100, {}, { channel: 'app' })).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(100, {}, { env: 'prod' })).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(100, {}, { event_id: 'not-a-uuid' })).success).toBe(false);
  });

  it('bounds every string', () => {
    const long = (n: number) => 'a'.repeat(n + 1);
    expect(analyticsEventSchema.safeParse(event(100, {}, { page_url: long(analyticsLimits.urlLength) })).success).toBe(
      false,
    );
    expect(
      analyticsEventSchema.safeParse(event(100, {}, { app_key: long(analyticsLimits.appKeyLength) })).success,
    ).toBe(false);
    expect(analyticsEventSchema.safeParse(event(300, { message: long(analyticsLimits.messageLength) })).success).toBe(
      false,
    );
    expect(
      analyticsEventSchema.safeParse(event(300, { message: 'x', stack: long(analyticsLimits.stackLength) })).success,
    ).toBe(false);
    expect(
      analyticsEventSchema.safeParse(
        event(0, { key: 'k', params: { v: long(analyticsLimits.customParamValueLength) } }),
      ).success,
    ).toBe(false);
    const tooMany = Object.fromEntries(
      Array.from({ length: analyticsLimits.customParamCount + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(analyticsEventSchema.safeParse(event(0, { key: 'k', params: tooMany })).success).toBe(false);
    expect(analyticsEventSchema.safeParse(event(0, { key: 'k', params: { nested: { a: 1 } } })).success).toBe(false);
  });

  it('keeps snake_case field names', () => {
    const parsed = analyticsEventSchema.parse(event(200));
    for (const key of [...Object.keys(parsed), ...Object.keys(parsed.detail)])
      expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});

describe('analytics batch and response', () => {
  it('accepts 1 to 100 events', () => {
    const many = (n: number) => ({ events: Array.from({ length: n }, () => event(100)) });
    expect(analyticsBatchSchema.safeParse(many(1)).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(many(analyticsLimits.maxBatchEvents)).success).toBe(true);
    expect(analyticsBatchSchema.safeParse(many(analyticsLimits.maxBatchEvents + 1)).success).toBe(false);
    expect(analyticsBatchSchema.safeParse(many(0)).success).toBe(false);
  });

  it('describes the ingest response envelope', () => {
    expect(
      analyticsCollectResponseSchema.parse({ code: 0, message: 'ok', data: { accepted: 3, duplicates: 1 } }).data,
    ).toEqual({
      accepted: 3,
      duplicates: 1,
    });
  });
});
