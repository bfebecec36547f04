// nginx in front of the server processes, as a plain child process with its own prefix folder: no
// systemd, no /etc/nginx, no /var/log/nginx. Debian 12's package "nginx" is the binary itself
// (nginx-light and nginx-core only add modules we do not use).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function findNginx(): string | null {
  if (process.env.NGINX_PATH) return fs.existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : null;
  const onPath = (process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx'));
  return [...candidates, ...onPath].find((file) => fs.existsSync(file)) ?? null;
}

/**
 * The nginx binary, installed from Debian's packages when it is missing and we are root. The image's
 * policy-rc.d (or no init system) keeps apt from starting the packaged service on port 80; we
 * never use it.
 */
export function ensureNginx(log: (line: string) => void = console.error): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error(
      'The cluster run needs nginx. Install the Debian package "nginx" (sudo apt-get install -y nginx) or set NGINX_PATH.',
    );
  log('Installing nginx (apt-get install nginx)…');
  const r = spawnSync(
    'bash',
    ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const installed = findNginx();
  if (r.status !== 0 || !installed) throw new Error(`Installing nginx failed (apt-get exited with ${r.status}).`);
  return installed;
}

export interface NginxOptions {
  /** The loopback port nginx listens on. */
  port: number;
  /** The server processes' loopback ports. */
  backends: number[];
  /** Adds X-Upstream (which backend answered) to every answer, so the load run can tell who failed. */
  tagUpstream?: boolean;
  workers?: number;
}

/** The tested configuration; docs/deploy.md carries the same settings with TLS for production. */
export function nginxConfig(prefix: string, o: NginxOptions): string {
  const servers = o.backends.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  return `worker_processes ${o.workers ?? 1};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }

http {
  log_format upstream '$remote_addr "$request" $status $upstream_addr $upstream_status $request_time';
  access_log ${prefix}/access.log upstream buffer=64k flush=1s;
  # Debian compiles these in as absolute paths under /var/lib/nginx; keep everything in the prefix.
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;

  upstream linkhive {
    # A backend that refuses a connection is left alone for 2 s, then tried again: a restarted
    # process gets traffic back soon after it listens.
${servers}
    keepalive 32;
  }

  server {
    listen 127.0.0.1:${o.port};
    # The largest upload the API takes is an import file of 25 MB.
    client_max_body_size 26m;

    location / {
      proxy_pass http://linkhive;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Another backend is tried only when this one could not be reached or gave no answer header.
      # nginx never passes a POST or PATCH on once it was sent (no "non_idempotent"), so a save that
      # a dying backend may have committed is answered 502, not made twice; a POST whose connection
      # was refused never reached anyone and is passed on. "http_502" would only mean a backend
      # itself answered 502, which ours never does.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      # Imports and the live group stream (it sends X-Accel-Buffering: no) answer slowly.
      proxy_read_timeout 300s;
${o.tagUpstream ? '      add_header X-Upstream $upstream_addr always;\n' : ''}    }
  }
}
`;
}

export interface Nginx {
  base: string;
  port: number;
  prefix: string;
  pid: number;
  /** The error log so far, for a failure message. */
  errors(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground of a child process and waits until it answers through to a backend. */
export async function startNginx(binary: string, o: NginxOptions): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-nginx-'));
  // Started as root, nginx's workers run as nobody: they must reach the temp folders in the prefix.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'tmp'), { mode: 0o755 });
  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(prefix, o));
  const child: ChildProcess = spawn(
    binary,
    ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () =>
    stderr + (fs.existsSync(`${prefix}/error.log`) ? fs.readFileSync(`${prefix}/error.log`, 'utf8') : '');
  const base = `http://127.0.0.1:${o.port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errors()}`);
    const res = await fetch(`${base}/api/health`).catch(() => null);
    if (res?.ok) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base,
    port: o.port,
    prefix,
    pid: child.pid!,
    errors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        // SIGQUIT: finish open requests, then exit; the workers go with the master.
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
