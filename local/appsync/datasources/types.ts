/** What a data source hands back to the executor: AppSync's `ctx.result` / `ctx.error`. */
export interface DataSourceError {
  message: string;
  type: string;
}
export interface DataSourceOutcome {
  result: unknown;
  error?: DataSourceError;
}
/** Invokes one data source with the request object a function's `request` handler returned. */
export type DataSource = (request: unknown, ctx: DataSourceContext) => Promise<DataSourceOutcome>;
/** The parts of the resolver context a data source may need (Lambda's default event). */
export interface DataSourceContext {
  arguments: unknown;
  identity: unknown;
  source: unknown;
  request: unknown;
  info: unknown;
  prev: unknown;
  stash: unknown;
}
