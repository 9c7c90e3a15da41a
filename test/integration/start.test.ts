/**
 * `npm start` as a person runs it: prints the URL and the demo logins, serves the console, and
 * Ctrl-C (SIGINT) stops everything it started — no DynamoDB Local JVM is left behind.
 */
import { spawn, execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../local/free-port.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function javaChildrenOf(pid: number): number[] {
  const out = execSync('ps -eo pid=,ppid=,args=', { encoding: 'utf8' });
  const rows = out.trim().split('\n').map((l) => l.trim().split(/\s+/, 3)).map(([p, pp, args]) => ({ pid: Number(p), ppid: Number(pp), args }));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) {
      tree.add(r.pid);
      grew = true;
    }
  }
  return rows.filter((r) => tree.has(r.pid) && r.pid !== pid && /java/.test(r.args)).map((r) => r.pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('is ready with the URL and demo logins, serves the console, and Ctrl-C leaves no Java behind', async () => {
    const port = await freePort();
    const child = spawn('node', ['--import', 'tsx', 'local/start.ts', '--memory'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const started = Date.now();
    await new Promise<void>((done, fail) => {
      const timer = setInterval(() => {
        if (output.includes('Press Ctrl-C to stop.')) {
          clearInterval(timer);
          done();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          fail(new Error(output));
        } else if (Date.now() - started > 90_000) {
          clearInterval(timer);
          fail(new Error(`not ready in 90 s:\n${output}`));
        }
      }, 100);
    });
    expect(output).toContain(`Portal ready at http://localhost:${port}`);
    expect(output).toContain('owner@demo.practiceportal.test');
    expect(output).toMatch(/otpauth:\/\/totp\//);

    const page = await fetch(`http://localhost:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    // `/` is the prerendered landing page; every other path gets the empty console shell.
    expect(await page.text()).toContain('<h1 id="hero-title">');
    expect(await (await fetch(`http://localhost:${port}/signin`)).text()).toContain('<div id="root"></div>');

    const javas = javaChildrenOf(child.pid!);
    expect(javas.length).toBeGreaterThan(0);
    child.kill('SIGINT');
    await new Promise((r) => child.once('exit', r));
    await new Promise((r) => setTimeout(r, 1500));
    expect(javas.filter(alive)).toEqual([]);
  });
});
