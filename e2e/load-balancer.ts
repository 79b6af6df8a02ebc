import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './portal-server';

/**
 * nginx from the distribution's packages as a round-robin load balancer in front of several
 * portal processes, run as a foreground child with its configuration in a temporary directory.
 * Each response names the replica that served it in `x-upstream` (test only).
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export function nginxAvailable(): boolean {
  return spawnSync(NGINX, ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface RunningBalancer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** The proxy block of the README's recipe: no buffering so event streams flow token by token. */
export function proxyDirectives(upstream: string): string {
  return `
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      client_max_body_size 20m;`;
}

/** Starts nginx on `port` (a free one when omitted) balancing over the given replica ports. */
export async function startBalancer(replicaPorts: number[], port?: number): Promise<RunningBalancer> {
  const listen = port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${replicaPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listen};
    location / {${proxyDirectives('portal')}
      add_header x-upstream $upstream_addr always;
    }
  }
}
`;
  const configPath = join(dir, 'nginx.conf');
  writeFileSync(configPath, config);
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', configPath, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${listen}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${baseUrl}/app-config.json`);
      return { baseUrl, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stop();
  throw new Error(`nginx did not start:\n${output}`);
}
