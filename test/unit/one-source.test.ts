/**
 * One source for each rule (issue 17): rules that used to be written in several places are read
 * from one module; these checks keep a second copy from coming back.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { practicePartition } from '../../domain/tables.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string, endings = ['.ts']): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && endings.some((end) => e.name.endsWith(end)))
    .map((e) => join(e.parentPath, e.name));
}

describe('the practice partition key', () => {
  it('is P#<practiceId>', () => {
    expect(practicePartition('p-1')).toBe('P#p-1');
  });
  it('no resolver builds it inline', () => {
    const inline = sources('resolvers').filter((f) => /['"`]P#['"`$]/.test(readFileSync(f, 'utf8')));
    expect(inline.map((f) => f.slice(ROOT.length + 1))).toEqual([]);
  });
});

describe('the portal home path', () => {
  it('has one name, HOME_PATH in web/src/portal/paths.ts', () => {
    const named = sources('web/src', ['.ts', '.tsx'])
      .filter((f) => /(const|let)\s+\w+\s*=\s*['"]\/app\/clients['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(ROOT.length + 1));
    expect(named).toEqual(['web/src/portal/paths.ts']);
  });
});
