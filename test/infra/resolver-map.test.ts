/**
 * The synth refuses a resolver map that does not match schema.graphql or names an unknown data
 * source or function, with a message that says which entry is wrong.
 */
import { App } from 'aws-cdk-lib';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPortal } from '../../lib/portal-app.ts';
import { checkResolverMap, schemaFields } from '../../lib/resolver-map-check.ts';
import { FUNCTIONS, PIPELINE_ENTRY, RESOLVERS, type FunctionDef, type ResolverDef } from '../../resolvers/map.ts';
import { cdkContext, ROOT } from './synth.ts';

const schemaText = readFileSync(join(ROOT, 'schema.graphql'), 'utf8');
const DATA_SOURCES = ['NONE', 'PracticeTable', 'DirectoryTable', 'AuditTable'];
const check = (functions: FunctionDef[], resolvers: ResolverDef[], dataSources = DATA_SOURCES) =>
  checkResolverMap({ schemaText, functions, resolvers, dataSources, root: ROOT, pipelineEntry: PIPELINE_ENTRY });

describe('resolver map check', () => {
  it('accepts the real map', () => {
    const lambdas = FUNCTIONS.map((f) => f.dataSource).filter((d) => d.startsWith('Lambda:'));
    expect(() => check(FUNCTIONS, RESOLVERS, [...DATA_SOURCES, ...lambdas])).not.toThrow();
  });

  it('reads the schema\'s root fields', () => {
    expect([...(schemaFields(schemaText).get('Query') ?? [])]).toContain('me');
  });

  it('rejects a field absent from schema.graphql', () => {
    expect(() => check(FUNCTIONS, [...RESOLVERS, { typeName: 'Query', fieldName: 'noSuchField', pipeline: ['authorize'] }])).toThrow(/Query\.noSuchField: field not in schema\.graphql/);
  });

  it('rejects an unknown data source', () => {
    const functions = [...FUNCTIONS, { name: 'broken', dataSource: 'Lambda:no-such-folder' as const, entry: FUNCTIONS[0].entry }];
    expect(() => check(functions, RESOLVERS)).toThrow(/function "broken" names unknown data source "Lambda:no-such-folder"/);
  });

  it('rejects an unknown pipeline function and a missing entry file', () => {
    const functions = [...FUNCTIONS, { name: 'ghost', dataSource: 'NONE' as const, entry: 'resolvers/does-not-exist.ts' }];
    const resolvers = RESOLVERS.map((r, i) => (i === 0 ? { ...r, pipeline: [...r.pipeline, 'missing'] } : r));
    expect(() => check(functions, resolvers)).toThrow(/names unknown function "missing"/);
    expect(() => check(functions, resolvers)).toThrow(/resolvers\/does-not-exist\.ts does not exist/);
  });

  it('fails the synth itself, not just the helper', () => {
    const outdir = join(tmpdir(), 'practice-portal-infra-test', `broken-map-${process.pid}`);
    const app = new App({ outdir, context: { ...cdkContext(), env: 'dev' } });
    const resolvers: ResolverDef[] = [{ typeName: 'Mutation', fieldName: 'deleteEverything', pipeline: ['authorize'] }];
    expect(() => buildPortal(app, { resolverMap: { functions: FUNCTIONS, resolvers } })).toThrow(/Mutation\.deleteEverything: field not in schema\.graphql/);
    rmSync(outdir, { recursive: true, force: true });
  });
});
