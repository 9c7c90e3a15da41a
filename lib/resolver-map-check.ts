/**
 * Checks resolvers/map.ts against schema.graphql before anything is wired, so a typo fails the
 * synth with a message naming the entry instead of failing a deploy (or worse, a request).
 */
import { Kind, parse } from 'graphql';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FunctionDef, ResolverDef } from '../resolvers/map.ts';

/** Fields of every object type in the schema (definitions and extensions), by type name. */
export function schemaFields(schemaText: string): Map<string, Set<string>> {
  const fields = new Map<string, Set<string>>();
  for (const definition of parse(schemaText).definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    const names = fields.get(definition.name.value) ?? new Set<string>();
    for (const field of definition.fields ?? []) names.add(field.name.value);
    fields.set(definition.name.value, names);
  }
  return fields;
}

export interface ResolverMapInput {
  schemaText: string;
  functions: FunctionDef[];
  resolvers: ResolverDef[];
  dataSources: string[];
  /** Repository root, to check that entry files exist. */
  root: string;
  pipelineEntry: string;
}

/** Throws one error listing every problem found. */
export function checkResolverMap(input: ResolverMapInput): void {
  const problems: string[] = [];
  const fields = schemaFields(input.schemaText);
  const functionNames = new Set<string>();
  const dataSources = new Set(input.dataSources);
  const missingFile = (entry: string) => !existsSync(resolve(input.root, entry));

  if (missingFile(input.pipelineEntry)) problems.push(`pipeline code ${input.pipelineEntry} does not exist`);
  for (const fn of input.functions) {
    if (functionNames.has(fn.name)) problems.push(`function "${fn.name}" is defined twice`);
    functionNames.add(fn.name);
    if (!dataSources.has(fn.dataSource)) problems.push(`function "${fn.name}" names unknown data source "${fn.dataSource}" (known: ${[...dataSources].join(', ')})`);
    if (missingFile(fn.entry)) problems.push(`function "${fn.name}" entry ${fn.entry} does not exist`);
  }
  const seen = new Set<string>();
  for (const r of input.resolvers) {
    const key = `${r.typeName}.${r.fieldName}`;
    if (seen.has(key)) problems.push(`resolver ${key} is defined twice`);
    seen.add(key);
    if (!fields.get(r.typeName)?.has(r.fieldName)) problems.push(`resolver ${key}: field not in schema.graphql`);
    if (r.pipeline.length === 0) problems.push(`resolver ${key} has an empty pipeline`);
    for (const name of r.pipeline) {
      if (!functionNames.has(name)) problems.push(`resolver ${key} names unknown function "${name}"`);
    }
  }
  if (problems.length > 0) throw new Error(`resolvers/map.ts does not match schema.graphql / data sources:\n  - ${problems.join('\n  - ')}`);
}

/** `Lambda:check-therapist` -> `check-therapist`, or undefined for a non-Lambda data source. */
export const lambdaFolder = (dataSource: string) => (dataSource.startsWith('Lambda:') ? dataSource.slice('Lambda:'.length) : undefined);

/** AppSync names allow only [_A-Za-z][_0-9A-Za-z]*. */
export const appsyncName = (name: string) => name.replace(/[^_0-9A-Za-z]/g, '_').replace(/^([0-9])/, '_$1');
