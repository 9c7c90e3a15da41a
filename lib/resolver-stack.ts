/**
 * The API's pipeline functions and resolvers, in a nested stack of their own.
 *
 * CloudFormation allows 500 resources per stack. One AppSync resolver per schema field plus one
 * function per pipeline step is most of the Api stack (268 of 520 when the five new domains
 * landed), so they live here and the Api stack keeps the API, its data sources, Lambdas and the
 * REST gateway. The nested stack takes the API id and the data sources' names as parameters
 * (CDK wires them); test/infra/portal.test.ts keeps every stack, nested ones included, under the
 * limit with a margin.
 */
import { NestedStack } from 'aws-cdk-lib';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import type { Construct } from 'constructs';
import { bundleResolverSync } from '../resolvers/bundle.ts';
import { PIPELINE_ENTRY, type FunctionDef, type ResolverDef } from '../resolvers/map.ts';
import { appsyncName } from './resolver-map-check.ts';

const RUNTIME = appsync.FunctionRuntime.JS_1_0_0;

export interface ResolverStackProps {
  api: appsync.GraphqlApi;
  /** The API's data sources by the map's name (`NONE`, `Table:<id>`, `Lambda:<folder>`). */
  dataSources: ReadonlyMap<string, appsync.BaseDataSource>;
  functions: FunctionDef[];
  resolvers: ResolverDef[];
}

export class ResolverStack extends NestedStack {
  constructor(scope: Construct, id: string, props: ResolverStackProps) {
    super(scope, id, { description: 'Practice Portal: the GraphQL API pipeline functions and resolvers' });
    const appsyncFunctions = new Map<string, appsync.AppsyncFunction>();
    for (const def of props.functions) {
      appsyncFunctions.set(
        def.name,
        new appsync.AppsyncFunction(this, `Fn-${def.name}`, {
          api: props.api,
          name: appsyncName(def.name),
          dataSource: props.dataSources.get(def.dataSource)!,
          runtime: RUNTIME,
          code: appsync.Code.fromInline(bundleResolverSync(def.entry)),
        }),
      );
    }
    const pipelineCode = appsync.Code.fromInline(bundleResolverSync(PIPELINE_ENTRY));
    for (const r of props.resolvers) {
      new appsync.Resolver(this, `Resolver-${r.typeName}.${r.fieldName}`, {
        api: props.api,
        typeName: r.typeName,
        fieldName: r.fieldName,
        runtime: RUNTIME,
        code: pipelineCode,
        pipelineConfig: r.pipeline.map((name) => appsyncFunctions.get(name)!),
      });
    }
  }
}
