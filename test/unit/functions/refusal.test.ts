// One way to refuse (issue 17) and internal errors stay inside (issue 11 §8): an AppSync Lambda
// returns a refusal as data and throws only the generic message with a correlation id, whose
// detail is in the log under that id and nothing of the event; the resolver step raises either.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appsyncHandler, internalFailure, Refusal } from '../../../functions/shared/refusal.ts';
import { evaluate, loadResolverEntry } from '../../../local/appsync/evaluate.ts';
import type { ResolverCode } from '../../../local/appsync/loader.ts';

let invoke: ResolverCode;
beforeAll(async () => {
  invoke = await loadResolverEntry('resolvers/functions/invokeTeamMembers.ts');
});

describe('appsyncHandler', () => {
  it('returns a refusal as data with its message, type and fields', async () => {
    const handler = appsyncHandler('t', async () => {
      throw new Refusal('Invalid team member input: memberDetail.email (format)', 'ValidationError', [{ field: 'memberDetail.email', reason: 'format' }]);
    });
    await expect(handler({})).resolves.toEqual({ refusal: { message: 'Invalid team member input: memberDetail.email (format)', errorType: 'ValidationError', fields: [{ field: 'memberDetail.email', reason: 'format' }] } });
  });

  it('throws anything else as the generic message with a correlation id, and logs the detail under it without the event', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = appsyncHandler('t', async (event: { name: string }) => {
      throw Object.assign(new Error(`Invalid KeyConditionExpression near ${event.name}`), { name: 'ValidationException', $metadata: {} });
    });
    const err = (await handler({ name: 'Ana Lopez' }).catch((e: Error) => e)) as Error & { correlationId: string };
    expect(err.message).toMatch(/^An internal error occurred\. Reference: [0-9a-f-]{36}$/);
    expect(err.message).not.toContain('KeyCondition');
    const line = String(log.mock.calls[0][0]);
    expect(line).toContain(err.correlationId);
    expect(line).toContain('ValidationException');
    log.mockRestore();
    const plain = internalFailure('t', new TypeError('Cannot read properties of undefined (reading \'Ana Lopez\')'), (l) => expect(l).not.toContain('Ana'));
    expect(plain.message).toMatch(/^An internal error occurred\. Reference: /);
  });
});

describe('a Lambda step (lambdaResult)', () => {
  const ctx = { stash: { caller: { sub: 'o', practiceId: 'p' } }, info: { parentTypeName: 'Mutation', fieldName: 'editTeamMember' } };

  it('raises a returned refusal with its fields', () => {
    const out = evaluate(invoke, 'response', { ...ctx, result: { refusal: { message: 'Team member not found', errorType: 'NotFound' } } });
    expect(out.error).toMatchObject({ message: 'Team member not found', errorType: 'NotFound' });
    const invalid = evaluate(invoke, 'response', { ...ctx, result: { refusal: { message: 'Invalid input: email (format)', errorType: 'ValidationError', fields: [{ field: 'email', reason: 'format' }] } } });
    expect(invalid.error).toMatchObject({ errorType: 'ValidationError', errorInfo: { fields: [{ field: 'email', reason: 'format' }] } });
  });

  it("passes the Lambda's generic error on with the same reference, and hides any other Lambda error", () => {
    const ref = '0f8f6f2e-1c55-4c0e-9a43-5d1f3f0c2b7a';
    const known = evaluate(invoke, 'response', { ...ctx, result: null, error: { message: `An internal error occurred. Reference: ${ref}`, type: 'Lambda:Unhandled' } });
    expect(known.error).toMatchObject({ message: `An internal error occurred. Reference: ${ref}`, errorType: 'InternalError', errorInfo: { correlationId: ref } });
    const raw = evaluate(invoke, 'response', { ...ctx, result: null, error: { message: 'Task timed out after 10.01 seconds', type: 'Lambda:Unhandled' } });
    expect(raw.error?.errorType).toBe('InternalError');
    expect(raw.error?.message).not.toContain('Task timed out');
    const unknownType = evaluate(invoke, 'response', { ...ctx, result: { refusal: { message: 'Maximum call stack size exceeded', errorType: 'RangeError' } } });
    expect(unknownType.error?.errorType).toBe('InternalError');
  });
});
