import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');
const READY = /Tagtrack console: (http:\/\/\S+)/;

/**
 * The real server (server.ts) as its own process, started with `node --import tsx` so that a
 * signal reaches the server itself (the tsx command would run it in a child of its own, which a
 * SIGKILL of tsx leaves running).
 */
export class ServerProcess {
  readonly child: ChildProcess;
  readonly spawnedAt = Date.now();
  /** When the server printed its URL (ms after spawn), once it has. */
  readyAfterMs: number | null = null;
  private text = '';
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly listening: Promise<string | null>;

  /** Starts it on a free port; `env` adds to (undefined removes from) the test's environment. */
  constructor(env: Record<string, string | undefined>) {
    const merged: Record<string, string | undefined> = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MQTT_EMBEDDED: '0',
      ...env,
    };
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exit = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    this.listening = new Promise((resolve) => {
      const onData = (chunk: Buffer) => {
        this.text += chunk.toString();
        if (this.readyAfterMs === null) {
          const match = READY.exec(this.text);
          if (match?.[1]) {
            this.readyAfterMs = Date.now() - this.spawnedAt;
            resolve(match[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
          }
        }
      };
      this.child.stdout!.on('data', onData);
      this.child.stderr!.on('data', onData);
      void this.exit.then(() => resolve(null));
    });
  }

  /** Everything it printed so far. */
  get output(): string {
    return this.text;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** Its base URL (no trailing slash) once it listens; throws when it exits or takes too long. */
  async ready(timeoutMs = 120_000): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const url = await Promise.race([this.listening, timeout]).finally(() => clearTimeout(timer));
    if (url === 'timeout') throw new Error(`the server did not start within ${timeoutMs} ms:\n${this.text}`);
    if (url === null) throw new Error(`the server exited while starting:\n${this.text}`);
    return url;
  }

  /** Resolves when it listens or exits, or after `ms`, whichever comes first. */
  async readyWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.listening, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  /** Resolves once its output matches `pattern`; throws when it exits first or after `timeoutMs`. */
  async printed(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.text)) {
      if (this.exited) throw new Error(`the server exited before printing ${pattern}:\n${this.text}`);
      if (Date.now() > deadline) throw new Error(`the server did not print ${pattern} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** SIGKILL: the process ends at once, whatever it was doing. */
  async kill(): Promise<void> {
    if (!this.exited) this.child.kill('SIGKILL');
    await this.exit;
  }

  /** SIGTERM, as an operator stops it; answers its exit code. */
  async stop(): Promise<number | null> {
    if (!this.exited) this.child.kill('SIGTERM');
    return (await this.exit).code;
  }

  /** The log lines at level error or fatal (pino's 50 and 60) it printed. */
  errorLines(): string[] {
    return this.text.split('\n').filter((line) => /"level":(50|60)\b/.test(line));
  }
}
