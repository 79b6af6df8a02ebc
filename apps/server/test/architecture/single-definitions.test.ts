import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = join(import.meta.dirname, '../..');

/** The server source files (relative to apps/server) holding `pattern`, a fixed string. */
function filesWith(pattern: string): string[] {
  try {
    const out = execFileSync('git', ['grep', '--untracked', '-l', '-F', pattern, '--', 'src'], {
      cwd: serverDir,
      encoding: 'utf8',
    });
    return out.split('\n').filter(Boolean).sort();
  } catch {
    // git grep exits 1 when nothing matches.
    return [];
  }
}

/**
 * Pieces every module needs written once, so that a module to come reuses them instead of copying
 * them a fifth time (a copy that drifts answers differently from the others).
 */
describe('one definition of what modules share', () => {
  it('public ids are made in lib/ids.ts only', () => {
    expect(filesWith("randomUUID().replace(/-/g, '')")).toEqual(['src/lib/ids.ts']);
  });

  it('the "resource gone" error is built in lib/resource-gone.ts only', () => {
    expect(filesWith('new AppError(ErrorCode.resourceGone')).toEqual(['src/lib/resource-gone.ts']);
  });

  it('SQL rows are unwrapped by lib/sql-rows.ts only', () => {
    expect(filesWith('export async function rows')).toEqual(['src/lib/sql-rows.ts']);
  });

  it('the usage window and the answer persistence settings are declared once for every module section', () => {
    expect(filesWith('quota_window_seconds: z.')).toEqual(['src/services/usage/config.ts']);
    expect(filesWith('quota_utc_offset_minutes: z.')).toEqual(['src/services/usage/config.ts']);
    expect(filesWith('persist_chars: z.')).toEqual(['src/services/answers/config.ts']);
  });

  it('answers are streamed, run as jobs and stopped across replicas by services/answers only', () => {
    expect(filesWith("addEventListener('abort', stopOnShutdown")).toEqual(['src/services/answers/job-transport.ts']);
    expect(filesWith('const STOP_WAIT_MS')).toEqual(['src/services/answers/stop-answer.ts']);
    // The report writer's own ending: a failed piece is answered with the reports' sentences instead.
    expect(filesWith('answerFailure(outcome')).toEqual([
      'src/modules/report/structured-writer.ts',
      'src/services/answers/stream-transport.ts',
    ]);
  });
});
