/**
 * "A schema change that breaks a resolver or a page fails the type check" (issue 17), shown on
 * the real files: the types are generated (local/codegen.ts) from schema.graphql with one field
 * changed, served to the TypeScript compiler in place of the committed generated files, and a
 * resolver and a page's code that the change breaks are type-checked with the project's own options.
 * Only those files are checked (their imports are read, not reported), so the test stays a few
 * seconds and does not depend on work in progress elsewhere in the tree.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateOperationTypes, generateSchemaTypes, OPERATION_TYPES_FILE, SCHEMA_TYPES_FILE } from '../../../local/codegen.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCHEMA = readFileSync(join(ROOT, 'schema.graphql'), 'utf8');
const RESOLVER = join(ROOT, 'resolvers/Query.getClient.ts');
const PAGE = join(ROOT, 'web/src/clients/client-fields.ts');

const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
if (!config) throw new Error('tsconfig.json not read');
// The project's options, without the Node and DOM declarations these files do not use (they are most of the time).
const options: ts.CompilerOptions = { ...config.options, types: [], lib: ['lib.es2022.d.ts'] };
let previous: ts.Program | undefined;

/** Type errors of `files` when the generated files hold `generated` (path → text). */
function typeErrors(generated: Record<string, string>, files: string[]): string[] {
  const served = new Map(Object.entries(generated).map(([file, text]) => [join(ROOT, file), text]));
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (fileName, language, onError, create) => {
    const text = served.get(resolve(fileName));
    return text === undefined ? getSourceFile(fileName, language, onError, create) : ts.createSourceFile(fileName, text, language);
  };
  const program = ts.createProgram(files, options, host, previous);
  previous = program;
  return files.flatMap((file) =>
    program.getSemanticDiagnostics(program.getSourceFile(file)).map((d) => `${file.slice(ROOT.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`),
  );
}

/** schema.graphql with one edit inside the block of `type <name> {` (or the Query type). */
function editBlock(block: string, from: RegExp, to: string): string {
  const start = SCHEMA.indexOf(`${block} {`);
  const end = SCHEMA.indexOf('\n}', start);
  expect(start, `${block} in schema.graphql`).toBeGreaterThanOrEqual(0);
  const edited = SCHEMA.slice(start, end).replace(from, to);
  expect(edited, `${from} in ${block}`).not.toBe(SCHEMA.slice(start, end));
  return SCHEMA.slice(0, start) + edited + SCHEMA.slice(end);
}

// Type-checking a real file with its imports takes seconds; more on a machine shared by others.
describe('schema, resolvers and pages are held together by the type check', { timeout: 120_000 }, () => {
  it('the resolver and the page type-check against the types of the current schema', async () => {
    const generated = { [SCHEMA_TYPES_FILE]: await generateSchemaTypes(SCHEMA), [OPERATION_TYPES_FILE]: await generateOperationTypes(SCHEMA, ROOT, true) };
    expect(typeErrors(generated, [RESOLVER, PAGE])).toEqual([]);
  });

  it('a renamed argument fails the resolver that reads it (Query.getClient reads ctx.args.id)', async () => {
    const schema = editBlock('type Query', /getClient\(id: ID!\)/, 'getClient(clientId: ID!)');
    // The web documents still ask for getClient(id:), so only the schema types are regenerated.
    const generated = { [SCHEMA_TYPES_FILE]: await generateSchemaTypes(schema), [OPERATION_TYPES_FILE]: await generateOperationTypes(SCHEMA, ROOT, true) };
    const errors = typeErrors(generated, [RESOLVER]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/resolvers\/Query\.getClient\.ts: Property 'id' does not exist on type 'QueryGetClientArgs'/);
  });

  it('a field that becomes nullable fails the page code that relies on it (the client form model reads personalDetail.first as text)', async () => {
    const schema = editBlock('type PersonalDetail', /\n(\s*)first: String!/, '\n$1first: String');
    const generated = { [SCHEMA_TYPES_FILE]: await generateSchemaTypes(schema), [OPERATION_TYPES_FILE]: await generateOperationTypes(schema, ROOT, true) };
    const errors = typeErrors(generated, [PAGE]);
    expect(errors.join('\n')).toMatch(/web\/src\/clients\/client-fields\.ts: Type 'string \| null' is not assignable to type 'string'/);
  });
});
