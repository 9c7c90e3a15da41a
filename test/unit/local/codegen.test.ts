/**
 * The generated types (local/codegen.ts) are committed: they must be what the generator makes from
 * the current schema.graphql and web documents, or the type check would be checking old types.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gqlPluckFromCodeStringSync } from '@graphql-tools/graphql-tag-pluck';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { generateTypes, OPERATION_TYPES_FILE, SCHEMA_TYPES_FILE } from '../../../local/codegen.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCHEMA = readFileSync(join(ROOT, 'schema.graphql'), 'utf8');

describe('generated GraphQL types', () => {
  it('are current: npm run codegen would write the committed files unchanged', async () => {
    const files = await generateTypes(SCHEMA, ROOT, true);
    expect(Object.keys(files).sort()).toEqual([OPERATION_TYPES_FILE, SCHEMA_TYPES_FILE].sort());
    for (const [file, content] of Object.entries(files)) {
      const committed = readFileSync(join(ROOT, file), 'utf8');
      expect(committed === content, `${file} is stale: run npm run codegen`).toBe(true);
    }
  });

  it("refuses a web document that asks for a field the schema does not have", async () => {
    const without = SCHEMA.replace(/^(\s*)dateOfBirth: String!\n/m, '');
    expect(without).not.toBe(SCHEMA);
    await expect(generateTypes(without, ROOT, true)).rejects.toThrow(/dateOfBirth/);
  });

  it('reads every web document: none builds its selection from an interpolated field list (fragments instead)', () => {
    const web = join(ROOT, 'web', 'src');
    const files = (readdirSync(web, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.generated.ts'));
    const unreadable: string[] = [];
    for (const file of files) {
      for (const source of gqlPluckFromCodeStringSync(file, readFileSync(join(web, file), 'utf8'), { skipIndent: true })) {
        try {
          parse(source.body);
        } catch {
          unreadable.push(file);
        }
      }
    }
    expect(unreadable).toEqual([]);
  });
});
