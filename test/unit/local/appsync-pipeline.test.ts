// Pipeline semantics of the local executor (AppSync's order, stash, prev.result, earlyReturn,
// util.error / appendError, data-source errors), with in-test handlers and a fake data source.
import { describe, expect, it } from 'vitest';
import { runPipeline, type PipelineInput } from '../../../local/appsync/pipeline.ts';
import type { LoadedResolvers, ResolverCode } from '../../../local/appsync/loader.ts';
import type { DataSource } from '../../../local/appsync/datasources/types.ts';
import { runtime, util } from '../../../local/appsync/runtime/index.ts';
import { noneDataSource } from '../../../local/appsync/datasources/none.ts';
import { lambdaDataSource } from '../../../local/appsync/datasources/lambda.ts';

type Ctx = { stash: Record<string, unknown>; prev: { result: unknown }; result: unknown; error?: { message: string; type: string }; arguments: Record<string, unknown> };
const fn = (request: (ctx: Ctx) => unknown, response: (ctx: Ctx) => unknown): ResolverCode => ({ request: request, response: response });
const pipelineCode = fn(() => ({}), (ctx) => ctx.prev.result);

function setup(functions: Record<string, ResolverCode>, dataSource: DataSource = noneDataSource, pipeline = pipelineCode) {
  const resolvers: LoadedResolvers = { pipeline, functions: new Map(Object.entries(functions).map(([name, code]) => [name, { def: { name, dataSource: 'NONE', entry: '' }, code }])) };
  const calls: unknown[] = [];
  const input: PipelineInput = {
    resolvers,
    def: { typeName: 'Query', fieldName: 'thing', pipeline: Object.keys(functions) },
    dataSource: () => async (req, ctx) => {
      calls.push(req);
      return dataSource(req, ctx);
    },
    arguments: { id: '1' },
    identity: { sub: 'u' },
    source: null,
    info: { fieldName: 'thing', parentTypeName: 'Query', variables: {}, selectionSetList: [], selectionSetGraphQL: '' },
    request: { headers: {}, domainName: null },
    clock: () => new Date('2025-01-01T00:00:00Z'),
  };
  return { input, calls };
}

describe('runPipeline', () => {
  it('passes prev.result along, shares the stash and feeds the data-source result to response', async () => {
    const { input, calls } = setup({
      a: fn((ctx) => ((ctx.stash.seen = ['a']), { payload: { n: 1 } }), (ctx) => ({ n: (ctx.result as { n: number }).n + 1 })),
      b: fn((ctx) => ({ payload: { n: (ctx.prev.result as { n: number }).n * 10, at: util.time.nowISO8601() } }), (ctx) => ({ ...(ctx.result as object), seen: ctx.stash.seen })),
    });
    const out = await runPipeline(input);
    expect(out.error).toBeNull();
    expect(out.value).toEqual({ n: 20, at: '2025-01-01T00:00:00.000Z', seen: ['a'] });
    expect(calls).toHaveLength(2);
  });

  it('util.error stops the pipeline: no later data source call, the field fails', async () => {
    const { input, calls } = setup({
      a: fn(() => util.error('nope', 'Custom', { d: 1 }), () => null),
      b: fn(() => ({ payload: 1 }), (ctx) => ctx.result),
    });
    const out = await runPipeline(input);
    expect(out.error).toMatchObject({ message: 'nope', errorType: 'Custom', data: { d: 1 } });
    expect(out.value).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('unauthorized names the field', async () => {
    const { input } = setup({ a: fn(() => util.unauthorized(), () => null) });
    expect((await runPipeline(input)).error).toMatchObject({ message: 'Not Authorized to access thing on type Query', errorType: 'Unauthorized' });
  });

  it('earlyReturn in a function request skips its data source and response; skipTo END skips the rest', async () => {
    const { input, calls } = setup({
      a: fn(() => runtime.earlyReturn({ from: 'a' }), () => 'never'),
      b: fn((ctx) => ({ payload: ctx.prev.result }), (ctx) => ({ wrapped: ctx.result })),
      c: fn(() => runtime.earlyReturn('end', { skipTo: 'END' }), () => 'never'),
      d: fn(() => ({ payload: 'never' }), () => 'never'),
    });
    const out = await runPipeline(input);
    expect(out.value).toBe('end');
    expect(calls).toEqual([{ payload: { from: 'a' } }]);
  });

  it('earlyReturn in the pipeline request skips every function', async () => {
    const { input, calls } = setup({ a: fn(() => ({ payload: 1 }), () => 'never') }, noneDataSource, fn(() => runtime.earlyReturn('cached'), (ctx) => ctx.prev.result));
    const out = await runPipeline(input);
    expect(out.value).toBe('cached');
    expect(calls).toHaveLength(0);
  });

  it('a data-source error reaches the response as ctx.error; appendError keeps the value', async () => {
    const failing: DataSource = async () => ({ result: null, error: { message: 'The conditional request failed', type: 'DynamoDB:ConditionalCheckFailedException' } });
    const { input } = setup({ a: fn(() => ({}), (ctx) => (util.appendError(ctx.error!.message, ctx.error!.type), 'partial')) }, failing);
    const out = await runPipeline(input);
    expect(out.value).toBe('partial');
    expect(out.appendedErrors).toEqual([{ message: 'The conditional request failed', errorType: 'DynamoDB:ConditionalCheckFailedException', data: null, errorInfo: null }]);
  });

  it('a bug in handler code is a Code error, not a crash', async () => {
    const { input } = setup({ a: fn((ctx) => (ctx as unknown as { x: { y: number } }).x.y, () => null) });
    expect((await runPipeline(input)).error).toMatchObject({ errorType: 'Code' });
  });
});

describe('Lambda data source', () => {
  it('sends the payload, or the direct-resolver event, and maps failures', async () => {
    const seen: unknown[] = [];
    const ds = lambdaDataSource('npiCheck', async (name, event) => (seen.push([name, event]), { ok: true }));
    const ctx = { arguments: { a: 1 }, identity: { sub: 'u' }, source: null, request: { headers: {} }, info: {}, prev: { result: null }, stash: {} };
    expect(await ds({ operation: 'Invoke', payload: { npi: '1' } }, ctx)).toEqual({ result: { ok: true } });
    expect(await ds({}, ctx)).toEqual({ result: { ok: true } });
    expect(seen).toEqual([['npiCheck', { npi: '1' }], ['npiCheck', ctx]]);
    const failing = lambdaDataSource('x', async () => {
      throw new Error('boom');
    });
    expect(await failing({ operation: 'Invoke', payload: {} }, ctx)).toEqual({ result: null, error: { message: 'boom', type: 'Lambda:Unhandled' } });
  });

  it('reports every thrown error as Lambda:Unhandled with its message only, as AppSync does (errorType and errorInfo are dropped)', async () => {
    const ctx = { arguments: {}, identity: null, source: null, request: { headers: {} }, info: {}, prev: { result: null }, stash: {} };
    const typed = lambdaDataSource('x', async () => {
      throw Object.assign(new Error('Team member not found'), { name: 'NotFound', errorType: 'NotFound', errorInfo: { fields: [{ field: 'id', reason: 'format' }] } });
    });
    expect(await typed({ operation: 'Invoke', payload: {} }, ctx)).toEqual({ result: null, error: { message: 'Team member not found', type: 'Lambda:Unhandled' } });
  });
});
