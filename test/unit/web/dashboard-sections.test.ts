// The dashboard's sections (issue 13): a section the server refuses for this user is left out, any
// other failure is reported once and shown empty.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../web/src/platform/graphql', () => ({ graphqlRequest: vi.fn() }));
const { section } = await import('../../../web/src/dashboard/api');

/** What the GraphQL client rejects with: an error carrying the response's errors. */
const graphqlErrors = (errors: { errorType: string; message: string }[]) => Object.assign(new Error(errors[0].message), { errors });

describe('dashboard sections', () => {
  it("answers the section's value, 'refused' for Unauthorized without reporting, and 'failed' (reported) for anything else", async () => {
    const report = vi.fn();
    await expect(section(() => Promise.resolve([1]), report)).resolves.toEqual([1]);
    await expect(section(() => Promise.reject(graphqlErrors([{ errorType: 'Unauthorized', message: 'Not Authorized to access listBilling on type Query' }])), report)).resolves.toBe('refused');
    expect(report).not.toHaveBeenCalled();
    const failure = graphqlErrors([{ errorType: 'InternalError', message: 'An internal error occurred. Reference: x' }]);
    await expect(section(() => Promise.reject(failure), report)).resolves.toBe('failed');
    expect(report).toHaveBeenCalledWith(failure);
  });
});
