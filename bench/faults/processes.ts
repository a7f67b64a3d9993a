import { type ChildProcess, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import net from 'node:net';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A child process in its own process group, so killing it also kills whatever it spawned (and nothing else). */
export class Group {
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ? null : code)),
    );
  }

  static start(args: string[], env: NodeJS.ProcessEnv, logFile: string): Group {
    const log = openSync(logFile, 'a');
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', log, log], detached: true });
    return new Group(child);
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Signals the whole group and waits until the leader has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running && this.child.pid) {
      try {
        process.kill(-this.child.pid, signal);
      } catch {
        // Already gone between the check and the signal.
      }
    }
    await this.exited;
  }
}

/** Every group this run started, so an interrupted run still cleans up after itself. */
export const groups = new Set<Group>();

export function track(group: Group): Group {
  groups.add(group);
  void group.exited.then(() => groups.delete(group));
  return group;
}

export function killAllSync(): void {
  for (const group of groups) {
    if (group.running && group.child.pid) {
      try {
        process.kill(-group.child.pid, 'SIGKILL');
      } catch {}
    }
  }
}

export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
}
