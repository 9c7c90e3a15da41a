/** NONE data source: the request's `payload` becomes `ctx.result` (AppSync local resolver). */
import type { DataSource } from './types.ts';

export const noneDataSource: DataSource = async (request) => {
  const payload = request && typeof request === 'object' ? (request as { payload?: unknown }).payload : undefined;
  return { result: payload === undefined ? null : payload };
};
