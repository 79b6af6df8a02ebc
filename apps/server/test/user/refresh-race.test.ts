import type { RefreshResponse } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, issueTokensFor, type TestApp } from '../helper';

/**
 * Reuse detection under concurrency: a rotation and a reuse of the same family racing each other
 * must never leave a live token behind, and two rotations of one token yield exactly one winner.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TRIALS = 12;

const refreshOverHttp = (refresh_token: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/refreshToken', payload: { refresh_token } });

describe('refresh-token family revocation is atomic with rotation', () => {
  it('a token issued in the same instant as a reuse is revoked with its family (service)', async () => {
    const tokens = t.app.services.sessions;
    for (let trial = 0; trial < TRIALS; trial++) {
      const first = await issueTokensFor(t, 'staff');
      const second = await tokens.refresh(first.refresh_token.token, false);
      // The legitimate holder rotates `second` while a thief replays `first` at the same moment.
      const [rotation, reuse] = await Promise.allSettled([
        tokens.refresh(second.refresh_token.token, false),
        tokens.refresh(first.refresh_token.token, false),
      ]);
      expect(reuse.status).toBe('rejected');
      if (rotation.status === 'fulfilled') {
        const escaped = await refreshOverHttp(rotation.value.refresh_token.token);
        expect(body(escaped).code, `trial ${trial}: the new token outlived the family's revocation`).toBe(1003);
      }
    }
  });

  it('the same race over HTTP leaves no live token', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const first = await issueTokensFor(t, 'staff');
      const second = body<RefreshResponse>(await refreshOverHttp(first.refresh_token.token)).data;
      const [rotation, reuse] = await Promise.all([
        refreshOverHttp(second.refresh_token.token),
        refreshOverHttp(first.refresh_token.token),
      ]);
      expect(body(reuse).code).toBe(1003);
      const rotated = body<RefreshResponse>(rotation);
      if (rotated.code === 0) {
        const escaped = await refreshOverHttp(rotated.data.refresh_token.token);
        expect(body(escaped).code, `trial ${trial}`).toBe(1003);
      }
    }
  });

  it('two rotations of one token at once: one wins, the other is reuse and revokes the family', async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const first = await issueTokensFor(t, 'staff');
      const results = await Promise.all([
        refreshOverHttp(first.refresh_token.token),
        refreshOverHttp(first.refresh_token.token),
      ]);
      const codes = results.map((r) => body(r).code).sort();
      expect(codes).toEqual([0, 1003]);
      const winner = body<RefreshResponse>(results.find((r) => body(r).code === 0)!);
      expect(body(await refreshOverHttp(winner.data.refresh_token.token)).code).toBe(1003);
    }
  });
});
