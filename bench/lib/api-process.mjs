// The built API and worker as child processes, started as package.json's start:api and start:worker run them, and the HTTP client that drives the API.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Pool } from 'undici';
import { nodeCommand } from '../../scripts/npm-script.mjs';
import { ROOT } from './config.mjs';

export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts what package.json's `npmScript` runs (`start:api`, `start:worker`: the built entry point, with
 * node's flags), as production runs it, with exactly `env` (plus PATH); keeps the last 64 KiB of its output.
 */
export class ServiceProcess {
  constructor(npmScript, env) {
    const { flags, file } = nodeCommand(ROOT, npmScript);
    this.script = file;
    this.nodeFlags = flags;
    this.output = '';
    this.child = spawn(process.execPath, [...flags, join(ROOT, file)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      this.output = (this.output + chunk).slice(-65536);
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = once(this.child, 'exit').then(([code, signal]) => ({ code, signal }));
  }

  get pid() {
    return this.child.pid;
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Polls `url` until it answers 200; fails fast if the process exits. */
  async waitUntilHealthy(url, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.script} exited before becoming healthy:\n${this.output}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${this.script} not healthy within ${timeoutMs} ms:\n${this.output}`);
  }

  /** Waits until the process has printed `text` (e.g. the worker's `Worker ready`); fails fast if it exits. */
  async waitForOutput(text, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.includes(text)) {
      if (!this.running) throw new Error(`${this.script} exited before printing '${text}':\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`${this.script} did not print '${text}' within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  async stop(graceMs = 5000) {
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.running && this.child.kill('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * A keep-alive connection pool to the API, one connection per concurrent client, with a bounded wait
 * for every response. `request` always consumes the body and returns its text.
 */
export class ApiClient {
  constructor(origin, { connections = 8, timeoutMs = 30_000 } = {}) {
    this.origin = origin;
    this.pool = new Pool(origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connectTimeout: 10_000,
    });
  }

  async request(method, path, { token, body, headers = {} } = {}) {
    const response = await this.pool.request({
      method,
      path,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, text };
  }

  /** A request that must succeed with `expected`; returns the parsed body. */
  async expect(expected, method, path, options) {
    const { status, text } = await this.request(method, path, options);
    if (status !== expected) throw new Error(`${method} ${path}: expected ${expected}, got ${status}: ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : undefined;
  }

  close() {
    return this.pool.destroy();
  }
}
