/**
 * The build keeps only the Cloudscape icons some source names (web/build/cloudscape-icons.ts): the
 * module it writes must still be Cloudscape's icon table, with every icon our pages and Cloudscape's
 * own components ask for, and without the ones nobody names.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { iconNameSources, keepIcons, parseIconModule, quotedNames } from '../../../web/build/cloudscape-icons';

const CLOUDSCAPE = fileURLToPath(new URL('../../../node_modules/@cloudscape-design/components/', import.meta.url));
const ICONS_FILE = join(CLOUDSCAPE, 'icon', 'generated', 'icons.js');
const WEB_SRC = fileURLToPath(new URL('../../../web/src/', import.meta.url));
const source = readFileSync(ICONS_FILE, 'utf8');

/** Loads an icons.js text as a module and returns its table (React stubbed: an element is its type and props). */
async function iconTable(code: string, name: string): Promise<Record<string, unknown>> {
  const stub = 'const React = { createElement: (type, props, ...children) => ({ type, props, children }) };';
  const file = join(mkdtempSync(join(tmpdir(), 'icons-')), `${name}.mjs`);
  writeFileSync(file, code.replace("import React from 'react';", stub));
  return ((await import(pathToFileURL(file).href)) as { default: Record<string, unknown> }).default;
}

describe('only the Cloudscape icons in use ship', () => {
  const names = parseIconModule(source).entries.map((entry) => entry.name);
  const used = quotedNames(names, iconNameSources(CLOUDSCAPE, WEB_SRC));
  const result = keepIcons(source, used);
  let all: Record<string, unknown>;
  let kept: Record<string, unknown>;
  beforeAll(async () => {
    all = await iconTable(source, 'all');
    kept = await iconTable(result.code, 'kept');
  });

  it('reads every icon of the installed set', () => {
    expect(names).toEqual(Object.keys(all));
    expect(names.length).toBeGreaterThan(100);
  });

  it('keeps the icons our pages and Cloudscape name, each exactly as Cloudscape draws it', () => {
    // flag: the top bar's tour button; play/pause: the welcome tour; caret-down and caret-up-filled:
    // the table's sort (single-quoted in Cloudscape); status-positive: the status indicator.
    for (const name of ['flag', 'play', 'pause', 'caret-down', 'caret-up-filled', 'status-positive', 'angle-down', 'close', 'search']) {
      expect(kept[name], name).toEqual(all[name]);
    }
    expect(Object.keys(kept).sort()).toEqual([...used].sort());
  });

  it('leaves out the icons nobody names', () => {
    expect(result.of).toBe(names.length);
    expect(result.kept).toBeLessThan(names.length * 0.6);
    expect(kept).not.toHaveProperty('bug');
    expect(kept).not.toHaveProperty('zoom-in');
    expect(quotedNames(['bug', 'flag'], ["<Button iconName='flag' />", 'debug'])).toEqual(new Set(['flag']));
  });

  it('refuses an icons module of another shape instead of dropping icons', () => {
    expect(() => keepIcons(source.replace('const icons = {', 'const icons = Object.freeze({'), used)).toThrow(/changed shape/);
  });
});
