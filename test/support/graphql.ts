/** A plain GraphQL-over-HTTP call, as AppSync receives it (Authorization: the raw JWT). */
export async function graphql(url: string, token: string | null, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: Array<{ message: string; errorType?: string; errorInfo?: any }> } };
}
