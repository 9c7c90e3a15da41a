/**
 * One source for each rule (issue 17): rules that used to be written in several places are read
 * from one module; these checks keep a second copy from coming back.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { practicePartition } from '../../domain/tables.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
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
